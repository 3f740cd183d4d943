import { describe, expect, it } from 'vitest';
import { availabilityEnd, postingExpiry, previousDay } from './posting-expiry.ts';

const chicago = { timeZone: 'America/Chicago', postingMaxAgeDays: 8 };

describe('a posting expires', () => {
  it('at the end of the day after its availability date, in the organization time zone', () => {
    // Nov 29 00:00 in Chicago (CST, UTC-6) is 06:00 UTC.
    expect(availabilityEnd('2026-11-27', 'America/Chicago')).toBe('2026-11-29T06:00:00.000Z');
    expect(availabilityEnd('2026-11-27', 'America/New_York')).toBe('2026-11-29T05:00:00.000Z');
    expect(
      postingExpiry({ availabilityDate: '2026-11-27', refreshedAt: '2026-11-27T15:00:00.000Z' }, chicago),
    ).toEqual({ expiresAt: '2026-11-29T06:00:00.000Z', reason: 'availability' });
  });

  it('postingMaxAgeDays after its last refresh when that comes first', () => {
    expect(
      postingExpiry({ availabilityDate: '2026-12-31', refreshedAt: '2026-11-19T10:00:00.000Z' }, chicago),
    ).toEqual({ expiresAt: '2026-11-27T10:00:00.000Z', reason: 'age' });
    expect(
      postingExpiry(
        { availabilityDate: '2026-12-31', refreshedAt: '2026-11-19T10:00:00.000Z' },
        { ...chicago, postingMaxAgeDays: 1 },
      ).expiresAt,
    ).toBe('2026-11-20T10:00:00.000Z');
  });

  it('postingMaxAgeDays whole days later across a month, a leap day and a year, the time kept', () => {
    const byAge = (refreshedAt: string, postingMaxAgeDays: number) =>
      postingExpiry({ availabilityDate: '2099-01-01', refreshedAt }, { ...chicago, postingMaxAgeDays })
        .expiresAt;
    expect(byAge('2028-02-28T23:59:59.999Z', 1)).toBe('2028-02-29T23:59:59.999Z');
    expect(byAge('2028-02-28T23:59:59.999Z', 2)).toBe('2028-03-01T23:59:59.999Z');
    expect(byAge('2026-12-25T00:00:00.000Z', 30)).toBe('2027-01-24T00:00:00.000Z');
    // The same date again with another time: the date is reckoned once, the time is this one's.
    expect(byAge('2026-12-25T17:45:12.345Z', 30)).toBe('2027-01-24T17:45:12.345Z');
    // An instant written otherwise (no milliseconds, an offset) comes out as UTC with milliseconds.
    expect(byAge('2026-11-19T10:00:00Z', 8)).toBe('2026-11-27T10:00:00.000Z');
    expect(byAge('2026-11-19T04:00:00-06:00', 8)).toBe('2026-11-27T10:00:00.000Z');
  });

  it('counts the day across a change of daylight saving time', () => {
    // Nov 1 2026 is the end of daylight saving: Nov 2 00:00 in Chicago is 06:00 UTC (CST).
    expect(availabilityEnd('2026-10-31', 'America/Chicago')).toBe('2026-11-02T06:00:00.000Z');
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
  });
});
