import type { CommitListener, ProjectionCommit } from '@dispatch/read-models';

/** The position the read models reflect, as the query side knows it. */
export interface ProjectionClock {
  position(): bigint;
  /** Resolves true once the read models reflect `position`, false after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
  subscribe(listener: CommitListener): () => void;
}

/** A clock that follows projector commits (in process or tailed from the change log). */
export function clockFromCommits(
  source: { subscribe(listener: CommitListener): () => void },
  initial: bigint,
): ProjectionClock & { close(): void } {
  let current = initial;
  const waiters = new Set<{ position: bigint; done: (ok: boolean) => void }>();
  const unsubscribe = source.subscribe((commit: ProjectionCommit) => {
    if (commit.position > current) current = commit.position;
    for (const waiter of waiters) if (waiter.position <= current) waiter.done(true);
  });
  return {
    position: () => current,
    waitFor(position, timeoutMs) {
      if (position <= current) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = {
          position,
          done: (ok: boolean) => {
            waiters.delete(waiter);
            clearTimeout(timer);
            resolve(ok);
          },
        };
        const timer = setTimeout(() => waiter.done(false), timeoutMs);
        waiters.add(waiter);
      });
    },
    subscribe: (listener) => source.subscribe(listener),
    close() {
      unsubscribe();
      for (const waiter of waiters) waiter.done(false);
    },
  };
}
