import { describe, expect, it } from 'vitest';
import { calendarDateOf, localDateOf } from './local-calendar.ts';

describe('local calendar dates', () => {
  it('puts an instant on the date it falls on in the zone, on both sides of midnight', () => {
    expect(localDateOf('America/Chicago', '2026-11-21T05:59:59.999Z')).toBe('2026-11-20');
    expect(localDateOf('America/Chicago', '2026-11-21T06:00:00.000Z')).toBe('2026-11-21');
    expect(localDateOf('Asia/Kolkata', '2026-11-20T18:29:59.000Z')).toBe('2026-11-20');
    expect(localDateOf('Asia/Kolkata', '2026-11-20T18:30:00.000Z')).toBe('2026-11-21');
    expect(localDateOf('Asia/Kathmandu', '2026-11-20T18:15:00.000Z')).toBe('2026-11-21');
  });

  it('follows daylight saving time', () => {
    expect(localDateOf('America/Chicago', '2026-03-09T04:59:00.000Z')).toBe('2026-03-08');
    expect(localDateOf('America/Chicago', '2026-03-09T05:00:00.000Z')).toBe('2026-03-09');
  });

  it('reads an availability date as the calendar date it names', () => {
    expect(calendarDateOf('2026-11-21T00:00:00.000Z')).toBe('2026-11-21');
  });
});

describe('local calendar dates, remembered', () => {
  it('answers the same after many days have been seen, in any order', () => {
    const expected: [string, string][] = [];
    for (let day = 0; day < 40; day++) {
      const instant = new Date(Date.UTC(2026, 0, 1, 5, 30) + day * 86_400_000).toISOString();
      expected.push([instant, localDateOf('America/Chicago', instant)]);
    }
    for (const [instant, date] of expected.reverse()) {
      expect(localDateOf('America/Chicago', instant)).toBe(date);
      expect(localDateOf('UTC', instant)).toBe(instant.slice(0, 10));
    }
    expect(localDateOf('America/Chicago', '2026-01-01T05:59:59Z')).toBe('2025-12-31');
  });
});
