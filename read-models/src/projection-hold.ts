/**
 * Work the projector of the same process makes way for: a large expiry sweep's commits
 * (docs/performance.md#posting-expiry). Those expiries change nothing a dispatcher sees, as the board
 * hides postings past their expiry moment when read, yet each one projected costs the process's thread
 * as much as a page of the sweep. While something holds it, the projector applies one batch every
 * `batchEveryMs` rather than one after another; the events behind the sweep's wait on the sweep's
 * expiries, which come first in the log, either way.
 */
export interface ProjectionHold {
  /** Holds the projector until `work` settles; answers `work`. */
  during<T>(work: Promise<T>): Promise<T>;
  /** Whether something holds the projector now. */
  held(): boolean;
  /** Resolves at once when nothing holds the projector; otherwise once released, or after `batchEveryMs`. */
  released(): Promise<void>;
}

/**
 * How long a held projector waits at most before its next batch (5 s unless said): it keeps moving
 * through a sweep of millions, at a pace that costs the process little.
 */
export const HELD_BATCH_EVERY_MS = 5000;

export function projectionHold(options: { batchEveryMs?: number } = {}): ProjectionHold {
  const batchEveryMs = options.batchEveryMs ?? HELD_BATCH_EVERY_MS;
  let holding = 0;
  let waiting: (() => void)[] = [];
  const release = () => {
    holding -= 1;
    if (holding > 0) return;
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake();
  };
  return {
    during(work) {
      holding += 1;
      return work.finally(release);
    },
    held: () => holding > 0,
    released() {
      if (holding === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, batchEveryMs);
        function done() {
          clearTimeout(timer);
          waiting = waiting.filter((wake) => wake !== done);
          resolve();
        }
        waiting.push(done);
      });
    },
  };
}
