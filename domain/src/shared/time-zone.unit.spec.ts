import { describe, expect, it } from 'vitest';
import { dayRange, isValidTimeZone } from './time-zone.ts';

describe('days in an organization time zone', () => {
  it('starts today at local midnight in Chicago (UTC-6 in winter)', () => {
    expect(dayRange('America/Chicago', new Date('2026-11-21T05:30:00Z'))).toEqual({
      start: '2026-11-20T06:00:00.000Z',
      end: '2026-11-21T06:00:00.000Z',
      date: '2026-11-20',
    });
  });

  it('gives yesterday across a month boundary', () => {
    expect(dayRange('America/Chicago', new Date('2026-12-01T12:00:00Z'), -1)).toEqual({
      start: '2026-11-30T06:00:00.000Z',
      end: '2026-12-01T06:00:00.000Z',
      date: '2026-11-30',
    });
  });

  it('has 23 hours on the day clocks spring forward', () => {
    const range = dayRange('America/Chicago', new Date('2026-03-08T18:00:00Z'));
    expect(range).toEqual({
      start: '2026-03-08T06:00:00.000Z',
      end: '2026-03-09T05:00:00.000Z',
      date: '2026-03-08',
    });
  });

  it('works east of UTC', () => {
    expect(dayRange('Asia/Tokyo', new Date('2026-11-21T16:00:00Z')).date).toBe('2026-11-22');
  });

  it('knows valid zones', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
