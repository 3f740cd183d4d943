/**
 * A sliding window per key (a user and a channel): at most `limit` takes within `windowMs`. Kept in
 * the command API's memory: the test messages it guards are sent by this one process, and a restart
 * forgetting a few test messages costs nothing.
 */
export class SlidingWindowLimit {
  readonly #taken = new Map<string, number[]>();
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor(options: { limit: number; windowMs: number; now?: () => number }) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
  }

  /** Takes one if the window has room: how many are left, or how long until the next one may go. */
  take(key: string): { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number } {
    const now = this.#now();
    const since = now - this.#windowMs;
    if (this.#taken.size > 10_000) this.#forgetIdle(since);
    const recent = (this.#taken.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.#limit) {
      this.#taken.set(key, recent);
      const oldest = recent[0] ?? now;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.#windowMs - now) / 1000)),
      };
    }
    recent.push(now);
    this.#taken.set(key, recent);
    return { allowed: true, remaining: this.#limit - recent.length };
  }

  #forgetIdle(since: number) {
    for (const [key, taken] of this.#taken) if ((taken.at(-1) ?? 0) <= since) this.#taken.delete(key);
  }
}
