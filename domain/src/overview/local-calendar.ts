import { dayRange } from '../shared/time-zone.ts';

/**
 * Calendar dates of instants in a time zone, fast enough to run for every event of a rebuild. The
 * projector meets instants in time order, so the few days seen last are remembered per zone and an
 * instant inside one of them costs two string comparisons; the zone's rules run once per new day.
 */
const REMEMBERED_DAYS = 8;
const remembered = new Map<string, { start: string; end: string; date: string }[]>();

export function localDateOf(timeZone: string, at: string): string {
  // ISO 8601 instants in UTC with milliseconds (as events and filters carry them) compare as strings.
  const instant = at.length === 24 && at.endsWith('Z') ? at : new Date(at).toISOString();
  let days = remembered.get(timeZone);
  if (!days) {
    days = [];
    remembered.set(timeZone, days);
  }
  for (const day of days) if (instant >= day.start && instant < day.end) return day.date;
  const day = dayRange(timeZone, new Date(instant));
  days.unshift(day);
  if (days.length > REMEMBERED_DAYS) days.pop();
  return day.date;
}

/** An availability date is a calendar date already (kept as midnight UTC): no zone applies. */
export const calendarDateOf = (isoDate: string) => isoDate.slice(0, 10);
