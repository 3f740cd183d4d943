import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDate, formatDateTime } from './dates.ts';
import { zonedDayAndMinute, zonedInstant } from './time-zone.ts';

describe('dates as people read them', () => {
  const instant = '2026-11-27T21:19:00.000Z';

  it('shows an instant in the time zone it is given', () => {
    expect(formatDateTime(instant, 'America/Chicago')).toBe('Nov 27, 2026, 3:19 PM');
    expect(formatDateTime(instant, 'America/New_York')).toBe('Nov 27, 2026, 4:19 PM');
    expect(formatDateTime(instant, 'Asia/Tokyo')).toBe('Nov 28, 2026, 6:19 AM');
  });

  it('shows the day an instant falls on in that time zone', () => {
    expect(formatDate('2026-11-28T03:00:00.000Z', 'America/Chicago')).toBe('Nov 27, 2026');
    expect(formatDate('2026-11-28T03:00:00.000Z', 'UTC')).toBe('Nov 28, 2026');
  });

  it('writes one style: short month, two-digit day, year; a calendar day as it is', () => {
    expect(formatDate('2026-03-05T12:00:00.000Z', 'UTC')).toBe('Mar 05, 2026');
    expect(formatCalendarDay('2026-12-27')).toBe('Dec 27, 2026');
    expect(formatCalendarDay('2026-12-27T23:30:00.000Z')).toBe('Dec 27, 2026');
    expect(formatDateTime('2026-07-04T00:05:00.000Z', 'UTC')).toBe('Jul 04, 2026, 12:05 AM');
  });

  it('gives nothing for what is no date', () => {
    expect(formatDate('not a date', 'UTC')).toBe('');
    expect(formatDateTime('', 'UTC')).toBe('');
    expect(formatCalendarDay('27/12/2026')).toBe('');
  });

  it('reads a wall clock of a time zone as an instant, and an instant as that clock', () => {
    expect(zonedInstant('2026-11-27', 10 * 60, 'America/Chicago')).toBe('2026-11-27T16:00:00.000Z');
    expect(zonedDayAndMinute('2026-11-27T16:00:00.000Z', 'America/Chicago')).toEqual({
      date: '2026-11-27',
      minute: 600,
    });
    // Past midnight UTC the zone's day is still the day before.
    expect(zonedDayAndMinute('2026-11-28T03:30:00.000Z', 'America/Los_Angeles')).toEqual({
      date: '2026-11-27',
      minute: 19 * 60 + 30,
    });
    expect(zonedInstant('2026-06-01', 0, 'Asia/Kolkata')).toBe('2026-05-31T18:30:00.000Z');
    // 2:30 does not exist on the morning clocks spring forward; 1:30 happens twice when they fall back.
    expect(zonedInstant('2026-03-08', 150, 'America/New_York')).toBe('2026-03-08T06:30:00.000Z');
    expect(zonedInstant('2026-11-01', 90, 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInstant('2026-02-30', 0, 'UTC')).toBeNull();
    expect(zonedInstant('27/11/2026', 0, 'UTC')).toBeNull();
  });
});
