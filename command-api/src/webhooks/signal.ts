/**
 * A wake-up call for one waiter: `wait` ends when `wake` is called or after `ms`; a wake while nobody
 * waits is kept for the next wait.
 */
export class Signal {
  #resolve: (() => void) | null = null;
  #pending = false;

  wake(): void {
    const resolve = this.#resolve;
    if (resolve) {
      this.#resolve = null;
      resolve();
    } else this.#pending = true;
  }

  wait(ms: number): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      const self = this;
      function done() {
        clearTimeout(timer);
        if (self.#resolve === done) self.#resolve = null;
        resolve();
      }
      this.#resolve = done;
    });
  }
}

/** At most `limit` runs at once; the others wait their turn, first come first served. */
export function concurrencyLimit(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(run: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
