import { describe, expect, it } from 'vitest';
import { expiryOf, todayIn } from './expiry';

describe('the expiry of a key', () => {
  const now = new Date('2026-11-27T23:30:00Z');

  it('is the end of the chosen day in the organization’s time zone', () => {
    // 17:30 in Chicago on the 27th; the 30th ends at midnight Chicago time (UTC−6).
    expect(todayIn('America/Chicago', now)).toBe('2026-11-27');
    expect(expiryOf('2026-11-30', 'America/Chicago', now)).toBe('2026-12-01T06:00:00.000Z');
    // Already the 28th in Tokyo: today ends at its midnight (UTC+9).
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-28');
    expect(expiryOf('2026-11-28', 'Asia/Tokyo', now)).toBe('2026-11-28T15:00:00.000Z');
  });

  it('is none without a date', () => {
    expect(expiryOf('', 'America/Chicago', now)).toBeNull();
  });
});
