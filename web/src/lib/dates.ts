import { formatCalendarDay as formatDomainCalendarDay } from '@dispatch/domain';
import {
  differenceInDays,
  differenceInHours,
  differenceInMinutes,
  differenceInMonths,
  differenceInSeconds,
  differenceInYears,
  format,
} from 'date-fns';

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * docs/rules.md#constants-and-limits wording: "Just now" under 60 seconds, then minutes, hours, days under 30,
 * months under 12, then years. A time slightly in the future (clock skew) reads "Just now".
 */
export function relativeTime(value: Date | string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  if (differenceInSeconds(now, date) < 60) return 'Just now';
  const minutes = differenceInMinutes(now, date);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = differenceInHours(now, date);
  if (hours < 24) return plural(hours, 'hour');
  const days = differenceInDays(now, date);
  if (days < 30) return plural(days, 'day');
  const months = Math.max(1, differenceInMonths(now, date));
  if (months < 12) return plural(months, 'month');
  return plural(Math.max(1, differenceInYears(now, date)), 'year');
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * An availability date is a calendar day. The form sends it as that day's UTC midnight, so the
 * day is read from the ISO string itself: formatting the instant in a US time zone would show
 * the day before.
 */
export function calendarDay(value: string): Date | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Number(year), Number(month) - 1, Number(day));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 21, 2026": short month, two-digit day, year; the product's one date style (docs/decisions.md). */
export function formatCalendarDay(value: string): string {
  return calendarDay(value) ? formatDomainCalendarDay(value) : '';
}

/** The value of an `<input type="date">` for a stored availability date. */
export function toDateInputValue(value: string | null | undefined): string {
  const match = value ? CALENDAR_DATE.exec(value) : null;
  return match ? match[0] : '';
}

export function todayInputValue(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}
