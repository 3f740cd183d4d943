import { describe, expect, it } from 'vitest';
import { waitingTime, waitingTimeInWords } from './waiting-time';

const now = new Date('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('waitingTime', () => {
  it('reads days and hours, hours and minutes, or minutes', () => {
    expect(waitingTime(ago(3 * DAY + 4 * HOUR + 20 * MIN), now)).toBe('3 d 4 h');
    expect(waitingTime(ago(2 * DAY + 10 * MIN), now)).toBe('2 d');
    expect(waitingTime(ago(5 * HOUR + 12 * MIN), now)).toBe('5 h 12 min');
    expect(waitingTime(ago(5 * HOUR), now)).toBe('5 h');
    expect(waitingTime(ago(12 * MIN + 30_000), now)).toBe('12 min');
  });

  it('reads "< 1 min" under a minute and for a time slightly ahead (clock skew)', () => {
    expect(waitingTime(ago(59_000), now)).toBe('< 1 min');
    expect(waitingTime(ago(-5_000), now)).toBe('< 1 min');
  });

  it('is empty for a date it cannot read', () => {
    expect(waitingTime('not a date', now)).toBe('');
  });

  it('spells the wait out in words', () => {
    expect(waitingTimeInWords(ago(1 * DAY + 1 * HOUR), now)).toBe('1 day 1 hour');
    expect(waitingTimeInWords(ago(3 * HOUR + 2 * MIN), now)).toBe('3 hours 2 minutes');
    expect(waitingTimeInWords(ago(10_000), now)).toBe('less than a minute');
  });
});
