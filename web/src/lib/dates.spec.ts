import { describe, expect, it } from 'vitest';
import { formatCalendarDay, relativeTime, toDateInputValue, todayInputValue } from './dates';

const now = new Date('2026-11-21T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'Just now'],
    [59 * SECOND, 'Just now'],
    [60 * SECOND, '1 minute ago'],
    [5 * MINUTE, '5 minutes ago'],
    [59 * MINUTE + 59 * SECOND, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, '1 day ago'],
    [29 * DAY, '29 days ago'],
    [30 * DAY, '1 month ago'],
    [95 * DAY, '3 months ago'],
    [364 * DAY, '11 months ago'],
    [366 * DAY, '1 year ago'],
    [3 * 366 * DAY, '3 years ago'],
  ])('%i ms ago reads "%s"', (ms, wording) => {
    expect(relativeTime(ago(ms), now)).toBe(wording);
  });

  it('reads a time slightly ahead of this clock as just now', () => {
    expect(relativeTime(new Date(now.getTime() + 5 * SECOND), now)).toBe('Just now');
  });

  it('accepts ISO strings and ignores garbage', () => {
    expect(relativeTime('2026-11-21T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
});

describe('calendar days', () => {
  it('formats the stored day as short month, two-digit day and year, whatever the time zone', () => {
    expect(formatCalendarDay('2026-11-21T00:00:00.000Z')).toBe('Nov 21, 2026');
    expect(formatCalendarDay('2026-03-05')).toBe('Mar 05, 2026');
    expect(formatCalendarDay('')).toBe('');
  });

  it('gives date input values', () => {
    expect(toDateInputValue('2026-11-21T00:00:00.000Z')).toBe('2026-11-21');
    expect(toDateInputValue(null)).toBe('');
    expect(todayInputValue(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });
});
