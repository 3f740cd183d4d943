import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ratePace } from './signal.ts';

describe('ratePace', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets a twentieth of a second go at once, then one per 1/perSecond, in the order asked', async () => {
    const pace = ratePace(1000, () => Date.now());
    // 50 at once (a twentieth of 1,000), without waiting.
    for (let i = 0; i < 50; i++) expect(pace.take()).toBeNull();
    const gone: number[] = [];
    for (let i = 0; i < 200; i++) {
      const turn = pace.take();
      expect(turn).not.toBeNull();
      void turn?.then(() => gone.push(i));
    }
    await vi.advanceTimersByTimeAsync(100);
    // 100 ms at 1,000 a second: 100 more, the first ones asked.
    expect(gone.length).toBeGreaterThanOrEqual(96);
    expect(gone.length).toBeLessThanOrEqual(100);
    expect(gone).toEqual(gone.map((_, i) => i));
    await vi.advanceTimersByTimeAsync(100);
    expect(gone.length).toBe(200);
    // Once nobody waits, a pause lets a burst go at once again.
    await vi.advanceTimersByTimeAsync(1000);
    expect(pace.take()).toBeNull();
  });

  it('keeps a second of pace whatever the burst: 3,000 a second sends 3,000 in about a second', async () => {
    const pace = ratePace(3000, () => Date.now());
    let gone = 0;
    for (let i = 0; i < 6000; i++) {
      const turn = pace.take();
      if (turn === null) gone += 1;
      else void turn.then(() => (gone += 1));
    }
    await vi.advanceTimersByTimeAsync(1000);
    expect(gone).toBeGreaterThanOrEqual(3000);
    expect(gone).toBeLessThanOrEqual(3150 + 10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(gone).toBe(6000);
  });
});
