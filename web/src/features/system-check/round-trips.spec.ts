import { describe, expect, it, vi } from 'vitest';
import {
  formatMs,
  medianRoundTrip,
  newPingId,
  ROUND_TRIPS_KEPT,
  type RoundTrip,
  waitForPing,
  withRoundTrip,
} from './round-trips';

const run = (pingId: string, roundTripMs: number | null): RoundTrip => ({
  pingId,
  at: new Date('2026-11-21T10:00:00Z'),
  acceptedMs: 5,
  roundTripMs,
  error: roundTripMs === null ? 'No live update came back within 10 s' : null,
});

/** A stand-in for the live connection's notices. */
function notices() {
  const listeners = new Set<(change: { kind: string; ids: readonly (string | number)[] }) => void>();
  return {
    listen: (listener: (change: { kind: string; ids: readonly (string | number)[] }) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (kind: string, ids: string[]) => {
      for (const listener of [...listeners]) listener({ kind, ids });
    },
    count: () => listeners.size,
  };
}

describe('the round trip', () => {
  it('resolves when the ping’s own notice arrives, whatever else comes first, and stops listening', async () => {
    const live = notices();
    let now = 100;
    const waiting = waitForPing(live.listen, 'ping-1', { clock: () => now });
    live.emit('trucks', ['ping-1']);
    live.emit('ping', ['ping-2']);
    now = 142;
    live.emit('ping', ['ping-0', 'ping-1']);
    expect(await waiting.arrived).toBe(142);
    expect(live.count()).toBe(0);
  });

  it('gives up after the wait with null', async () => {
    vi.useFakeTimers();
    try {
      const live = notices();
      const waiting = waitForPing(live.listen, 'ping-1', { timeoutMs: 10_000 });
      vi.advanceTimersByTime(10_000);
      expect(await waiting.arrived).toBeNull();
      expect(live.count()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the last few runs, newest first, and their median', () => {
    let runs: RoundTrip[] = [];
    for (let i = 1; i <= ROUND_TRIPS_KEPT + 2; i++) runs = withRoundTrip(runs, run(`ping-${i}`, i * 10));
    expect(runs.map((entry) => entry.pingId)).toEqual(['ping-7', 'ping-6', 'ping-5', 'ping-4', 'ping-3']);
    expect(medianRoundTrip(runs)).toBe(50);
    expect(medianRoundTrip([run('a', 10), run('b', null), run('c', 30)])).toBe(20);
    expect(medianRoundTrip([run('a', null)])).toBeNull();
  });

  it('writes figures in ms, then seconds', () => {
    expect(formatMs(41.6)).toBe('42 ms');
    expect(formatMs(1320)).toBe('1.3 s');
  });

  it('makes v4 ids also without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newPingId()).toMatch(uuid);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newPingId()).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
