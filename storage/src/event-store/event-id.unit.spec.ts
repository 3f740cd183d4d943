import { describe, expect, it } from 'vitest';
import { newEventId } from './event-id.ts';

describe('event ids', () => {
  it('are distinct UUIDv7s ordered by their millisecond, past the random bytes kept for 256 ids', () => {
    const ids: string[] = [];
    const before = Date.now();
    for (let n = 0; n < 1000; n++) ids.push(newEventId());
    const after = Date.now();
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const millisecond = (id: string) => Number.parseInt(id.replace('-', '').slice(0, 12), 16);
    const times = ids.map(millisecond);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(before);
    expect(times.at(-1)).toBeLessThanOrEqual(after);
    // The random part differs from one id to the next, also across a refill of the kept bytes.
    const tails = ids.map((id) => id.slice(24));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
