import { APPLIED_PACE_SECONDS, type AppliedPace } from '@dispatch/read-models';

/** The pace with `events` more applied at `now`, pairs older than the window dropped. */
export function paceWith(pace: AppliedPace, events: number, now = Date.now()): AppliedPace {
  const second = Math.floor(now / 1000);
  const kept = pace.filter(([at]) => at > second - APPLIED_PACE_SECONDS && at <= second);
  const last = kept.at(-1);
  if (last && last[0] === second) return [...kept.slice(0, -1), [second, last[1] + events]];
  return [...kept, [second, events]];
}

/** A pace as a checkpoint stores it: pairs of second and events, none negative. */
export const isPace = (value: unknown): value is AppliedPace =>
  Array.isArray(value) &&
  value.every(
    (pair) => Array.isArray(pair) && pair.length === 2 && pair.every((n) => typeof n === 'number' && n >= 0),
  );
