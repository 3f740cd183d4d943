import { describe, expect, it } from 'vitest';
import { isoWeekOf, isoWeekStart, monthOf } from './periods.ts';

describe('lane history periods', () => {
  it('names the ISO 8601 week of a date: weeks from Monday, week 1 holding the first Thursday', () => {
    expect(isoWeekOf('2026-11-29')).toBe('2026-W48');
    expect(isoWeekOf('2026-11-30')).toBe('2026-W49');
    expect(isoWeekOf('2026-01-01')).toBe('2026-W01');
    // The last days of a year may belong to the next one's week 1, the first days to the last one's.
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
  });

  it('names a date’s month and a week’s Monday', () => {
    expect(monthOf('2026-03-14')).toBe('2026-03');
    expect(isoWeekStart('2026-W01')).toBe('2025-12-29');
    expect(isoWeekStart('2026-W49')).toBe('2026-11-30');
    expect(isoWeekStart('2020-W53')).toBe('2020-12-28');
  });
});
