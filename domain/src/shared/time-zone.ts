/**
 * Calendar days in an organization's time zone. "Today" on a dispatch floor in Chicago starts at
 * midnight in Chicago, not in UTC, and a day is 23 or 25 hours long when daylight saving changes.
 */

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

function wallClock(timeZone: string, instant: number) {
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function offsetAt(timeZone: string, instant: number): number {
  const wall = wallClock(timeZone, instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function localDate(timeZone: string, instant: Date): LocalDate {
  const { year, month, day } = wallClock(timeZone, instant.getTime());
  return { year, month, day };
}

function startOfLocalDay(timeZone: string, date: LocalDate): Date {
  const midnightUtc = Date.UTC(date.year, date.month - 1, date.day);
  let instant = midnightUtc - offsetAt(timeZone, midnightUtc);
  // Once more with the offset in force at that instant, for days on which the offset changes.
  instant = midnightUtc - offsetAt(timeZone, instant);
  return new Date(instant);
}

const isoDate = (date: LocalDate) =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

export interface DayRange {
  /** First instant of the local day (inclusive), ISO 8601 UTC. */
  start: string;
  /** First instant of the next local day (exclusive). */
  end: string;
  /** The calendar date, YYYY-MM-DD. */
  date: string;
}

/** The local calendar day `offsetDays` away from the day `now` falls on in `timeZone`. */
export function dayRange(timeZone: string, now: Date, offsetDays = 0): DayRange {
  const today = localDate(timeZone, now);
  const shifted = new Date(Date.UTC(today.year, today.month - 1, today.day + offsetDays));
  const day = { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  const nextDay = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
  return {
    start: startOfLocalDay(timeZone, day).toISOString(),
    end: startOfLocalDay(timeZone, nextDay).toISOString(),
    date: isoDate(day),
  };
}

/** The calendar day ("2026-11-27") and the minute of that day an instant falls on in `timeZone`. */
export function zonedDayAndMinute(
  at: string | Date | number,
  timeZone: string,
): { date: string; minute: number } {
  const wall = wallClock(timeZone, new Date(at).getTime());
  return { date: isoDate(wall), minute: wall.hour * 60 + wall.minute };
}

/**
 * The instant at which `timeZone`'s clocks read `date` ("2026-11-27") at `minute` of the day; null for
 * no such date. A time in the hour the clocks skip (spring forward) reads an hour earlier; one in the
 * hour they repeat (fall back) is its first occurrence.
 */
export function zonedInstant(date: string, minute: number, timeZone: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!day) return null;
  const midnight = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  // Date.UTC rolls "2026-02-30" over into March: such a day does not exist.
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== date) return null;
  const wall = midnight + minute * 60_000;
  // Once more with the offset in force at the first guess, for the hours in which the offset changes.
  const guess = wall - offsetAt(timeZone, wall);
  return new Date(wall - offsetAt(timeZone, guess)).toISOString();
}
