/** Callers waiting for the read models to reflect a position, each until its timeout. */
export class PositionWaiters {
  readonly #waiters = new Set<{ position: bigint; resolve: (ok: boolean) => void }>();

  /** Answers those waiting for `committed` or an earlier position. */
  answer(committed: bigint) {
    for (const waiter of this.#waiters) {
      if (waiter.position <= committed) {
        this.#waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  }

  /** Resolves true once answered for `position`, false after `timeoutMs`. */
  wait(position: bigint, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: (ok: boolean) => {
          clearTimeout(timer);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  /** Answers every caller still waiting: its position will not be reached. */
  releaseAll() {
    for (const waiter of this.#waiters) waiter.resolve(false);
    this.#waiters.clear();
  }
}
