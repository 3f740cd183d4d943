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

/**
 * At most `perSecond` calls a second go through, in the order they came: `take` answers null when one
 * may go now (no turn is spent waiting), or a promise that resolves at its turn. Up to a twentieth of
 * a second's worth may go at once after a pause.
 */
export function ratePace(perSecond: number, now: () => number = () => performance.now()) {
  const burst = Math.max(1, Math.ceil(perSecond / 20));
  let tokens = burst;
  let last = now();
  const waiting: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;

  function refill() {
    const at = now();
    tokens = Math.min(burst, tokens + ((at - last) * perSecond) / 1000);
    last = at;
  }

  function drain() {
    timer = null;
    refill();
    while (waiting.length > 0 && tokens >= 1) {
      tokens -= 1;
      (waiting.shift() as () => void)();
    }
    if (waiting.length > 0) schedule();
  }

  function schedule() {
    if (timer) return;
    // Waits shorter than a few ms are rounded up: the timers' own cost stays small at thousands a second.
    const wait = Math.max(4, ((1 - tokens) * 1000) / perSecond);
    timer = setTimeout(drain, wait);
  }

  return {
    take(): Promise<void> | null {
      if (waiting.length === 0) {
        refill();
        if (tokens >= 1) {
          tokens -= 1;
          return null;
        }
      }
      const turn = new Promise<void>((resolve) => waiting.push(resolve));
      schedule();
      return turn;
    },
  };
}
