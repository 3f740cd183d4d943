/**
 * How people read a date, on screens, in mails and in signed documents (docs/decisions.md): short
 * month, two-digit day and year, "Nov 27, 2026"; with the time, "Nov 27, 2026, 3:19 PM". An instant
 * is shown in the organization's time zone; a calendar day (an availability date) is shown as it is.
 * CSV files and the API keep ISO 8601.
 */

const DAY = { month: 'short', day: '2-digit', year: 'numeric' } as const;
const TIME = { hour: 'numeric', minute: '2-digit', hour12: true } as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: 'date' | 'dateTime', timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      'en-US',
      style === 'date' ? { ...DAY, timeZone } : { ...DAY, ...TIME, timeZone },
    );
    formatters.set(key, format);
  }
  return format;
}

const instant = (at: string | Date | number) => (at instanceof Date ? at : new Date(at));
// Intl puts a narrow no-break space before AM/PM; mails and PDFs read better with a plain one.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** The day an instant falls on in `timeZone`: "Nov 27, 2026"; '' for no valid instant. */
export function formatDate(at: string | Date | number, timeZone: string): string {
  const date = instant(at);
  return Number.isNaN(date.getTime()) ? '' : plain(formatter('date', timeZone).format(date));
}

/** An instant with its time of day in `timeZone`: "Nov 27, 2026, 3:19 PM"; '' for no valid instant. */
export function formatDateTime(at: string | Date | number, timeZone: string): string {
  const date = instant(at);
  return Number.isNaN(date.getTime()) ? '' : plain(formatter('dateTime', timeZone).format(date));
}

/** A calendar day ("2026-11-27", or the day part of an ISO instant) in the same style: "Nov 27, 2026". */
export function formatCalendarDay(isoDate: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!day) return '';
  return formatDate(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])), 'UTC');
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partsFormatters.set(timeZone, format);
  }
  return format;
}

/** The calendar day ("2026-11-27") and the minute of that day an instant falls on in `timeZone`. */
export function zonedDayAndMinute(
  at: string | Date | number,
  timeZone: string,
): { date: string; minute: number } {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant(at))) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/**
 * The instant at which `timeZone`'s clocks read `date` ("2026-11-27") at `minute` of the day; null for
 * no such date. A time in the hour the clocks skip (spring forward) reads an hour earlier; one in the
 * hour they repeat (fall back) is its first occurrence.
 */
export function zonedInstant(date: string, minute: number, timeZone: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!day) return null;
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 0, minute);
  // Date.UTC rolls "2026-02-30" over into March: such a day does not exist.
  if (Number.isNaN(wall) || new Date(wall - minute * 60_000).toISOString().slice(0, 10) !== date) return null;
  // The zone's offset at a guess, then at the instant that guess gives: two steps settle any offset.
  const offsetAt = (guess: number) => {
    const seen = zonedDayAndMinute(guess, timeZone);
    const [year, month, dayOfMonth] = seen.date.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, dayOfMonth, 0, seen.minute) - Math.floor(guess / 60_000) * 60_000;
  };
  const first = wall - offsetAt(wall);
  const second = wall - offsetAt(first);
  return new Date(second).toISOString();
}
