/** One run of the round trip: from the click to this browser hearing the ping's push. */
export interface RoundTrip {
  pingId: string;
  /** When it was started. */
  at: Date;
  /** Milliseconds until the command API accepted the ping; null when it refused or could not be reached. */
  acceptedMs: number | null;
  /** Milliseconds until the push came back; null when it did not within the wait. */
  roundTripMs: number | null;
  /** What went wrong, in the user's words. */
  error: string | null;
}

/** Runs kept on screen, newest first. */
export const ROUND_TRIPS_KEPT = 5;
/** How long a run waits for its push before it says none came. */
export const PUSH_WAIT_MS = 10_000;

export function withRoundTrip(runs: readonly RoundTrip[], run: RoundTrip): RoundTrip[] {
  return [run, ...runs.filter((kept) => kept.pingId !== run.pingId)].slice(0, ROUND_TRIPS_KEPT);
}

/** "42 ms", "1.3 s". */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The median of the runs that came back, or null. */
export function medianRoundTrip(runs: readonly RoundTrip[]): number | null {
  const figures = runs
    .map((run) => run.roundTripMs)
    .filter((ms): ms is number => ms !== null)
    .sort((a, b) => a - b);
  if (figures.length === 0) return null;
  const middle = Math.floor(figures.length / 2);
  return figures.length % 2 === 1
    ? (figures[middle] as number)
    : ((figures[middle - 1] as number) + (figures[middle] as number)) / 2;
}

/**
 * Resolves with the time (from `clock`) the notice carrying `pingId` arrives, or null after
 * `timeoutMs`. It listens before the ping is sent: the push may come back before the command's answer.
 */
export function waitForPing(
  listen: (listener: (change: { kind: string; ids: readonly (string | number)[] }) => void) => () => void,
  pingId: string,
  options: { timeoutMs?: number; clock?: () => number } = {},
): { arrived: Promise<number | null>; cancel: () => void } {
  const clock = options.clock ?? (() => performance.now());
  let stop = () => {};
  const arrived = new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => finish(null), options.timeoutMs ?? PUSH_WAIT_MS);
    const unlisten = listen((change) => {
      if (change.kind === 'ping' && change.ids.includes(pingId)) finish(clock());
    });
    function finish(at: number | null) {
      clearTimeout(timer);
      unlisten();
      resolve(at);
    }
    stop = () => finish(null);
  });
  return { arrived, cancel: () => stop() };
}

/** A random v4 UUID, also where `crypto.randomUUID` is missing (a page served over plain http to another host). */
export function newPingId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
