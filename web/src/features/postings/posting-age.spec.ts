import { describe, expect, it } from 'vitest';
import { postingAge } from './posting-age';

const now = new Date('2026-11-27T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('a posting age', () => {
  it('reads just now, then minutes, hours and days since the last refresh', () => {
    expect(postingAge(ago(59_000), now)).toBe('just now');
    expect(postingAge(ago(60_000), now)).toBe('1 min');
    expect(postingAge(ago(12 * 60_000 + 30_000), now)).toBe('12 min');
    expect(postingAge(ago(3 * 3_600_000 + 59 * 60_000), now)).toBe('3 h');
    expect(postingAge(ago(2 * 86_400_000 + 1), now)).toBe('2 d');
    expect(postingAge('not a date', now)).toBe('');
  });
});
