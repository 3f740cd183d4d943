/**
 * The periods a lane's history counts in: the ISO 8601 week ("2026-W05": weeks start on Monday,
 * week 1 holds the year's first Thursday) and the month ("2026-03") of a calendar date. The
 * projector gives them the date a load was posted on in the organization's time zone.
 */

const DAY_MS = 86_400_000;

/** The ISO week of a calendar date ("2026-01-01" → "2026-W01", "2027-01-01" → "2026-W53"). */
export function isoWeekOf(date: string): string {
  const day = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  // Monday 1 … Sunday 7; the week belongs to the year of its Thursday.
  const weekday = ((new Date(day).getUTCDay() + 6) % 7) + 1;
  const thursday = new Date(day + (4 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The month of a calendar date ("2026-03-14" → "2026-03"). */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The Monday an ISO week starts on, as a calendar date ("2026-W01" → "2025-12-29"). */
export function isoWeekStart(week: string): string {
  const year = Number(week.slice(0, 4));
  const number = Number(week.slice(6));
  const january4 = Date.UTC(year, 0, 4);
  const weekday = ((new Date(january4).getUTCDay() + 6) % 7) + 1;
  const firstMonday = january4 - (weekday - 1) * DAY_MS;
  return new Date(firstMonday + (number - 1) * 7 * DAY_MS).toISOString().slice(0, 10);
}
