import type { SystemStatusAnswer } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import { formatLag, withSample } from './system-status-card';

const status = (checkedAt: string, eventsPerSecond: number, lagEvents: number) =>
  ({ checkedAt, projector: { eventsPerSecond, lagEvents } }) as SystemStatusAnswer;

describe('the system health card', () => {
  it('keeps one sample per check, the last minute of them', () => {
    let samples = withSample([], status('2026-11-21T10:00:00.000Z', 2.5, 0));
    samples = withSample(samples, status('2026-11-21T10:00:00.000Z', 2.5, 0));
    expect(samples).toEqual([{ checkedAt: '2026-11-21T10:00:00.000Z', eventsPerSecond: 2.5, lagEvents: 0 }]);
    for (let i = 1; i <= 30; i++)
      samples = withSample(samples, status(`2026-11-21T10:01:${String(i).padStart(2, '0')}.000Z`, i, 0));
    expect(samples).toHaveLength(20);
    expect(samples.at(-1)?.eventsPerSecond).toBe(30);
  });

  it('says the lag in ms below a second, in seconds and minutes above', () => {
    expect(formatLag(0)).toBe('0 ms');
    expect(formatLag(850)).toBe('850 ms');
    expect(formatLag(12_400)).toBe('12 s');
    expect(formatLag(200_000)).toBe('3 min 20 s');
  });
});
