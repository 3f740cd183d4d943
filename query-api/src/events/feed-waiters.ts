import { EVENT_FEED_CHANGE_KIND } from '@dispatch/domain';
import type { CommitListener } from '@dispatch/read-models';

/** How a wait for an organization's next feed items ended. */
export type WaitOutcome = 'changed' | 'timeout' | 'aborted';

/**
 * Long polls of the event feed: each waits for a projector commit that names its organization's new
 * feed items, heard from the commits the query side follows (one subscription for the process, not one
 * per request). An organization may have `perOrganization` requests waiting at once.
 */
export class FeedWaiters {
  readonly #perOrganization: number;
  /** Commits heard that named each organization's feed: a request notes it before reading, so none is missed. */
  readonly #heard = new Map<string, number>();
  readonly #waiting = new Map<string, Set<() => void>>();
  readonly #entered = new Map<string, number>();
  readonly #unsubscribe: () => void;

  constructor(source: { subscribe(listener: CommitListener): () => void }, perOrganization: number) {
    this.#perOrganization = perOrganization;
    this.#unsubscribe = source.subscribe((commit) => {
      for (const change of commit.changes) {
        if (change.kind !== EVENT_FEED_CHANGE_KIND) continue;
        this.#heard.set(change.orgId, (this.#heard.get(change.orgId) ?? 0) + 1);
        for (const wake of this.#waiting.get(change.orgId) ?? []) wake();
      }
    });
  }

  /** A mark to read before reading the feed: a commit after it ends the wait at once. */
  mark(orgId: string): number {
    return this.#heard.get(orgId) ?? 0;
  }

  /** Takes one of the organization's places for a waiting request; false when none is left. */
  enter(orgId: string): boolean {
    const now = this.#entered.get(orgId) ?? 0;
    if (now >= this.#perOrganization) return false;
    this.#entered.set(orgId, now + 1);
    return true;
  }

  /** Gives back a place `enter` took. */
  leave(orgId: string): void {
    const now = (this.#entered.get(orgId) ?? 0) - 1;
    if (now > 0) this.#entered.set(orgId, now);
    else this.#entered.delete(orgId);
  }

  /** Requests of the organization waiting now. */
  waiting(orgId: string): number {
    return this.#entered.get(orgId) ?? 0;
  }

  /**
   * Resolves 'changed' once a commit names the organization's feed after `mark`, 'timeout' after
   * `timeoutMs`, 'aborted' when `signal` aborts (the client went away).
   */
  wait(orgId: string, mark: number, timeoutMs: number, signal: AbortSignal): Promise<WaitOutcome> {
    if (this.mark(orgId) > mark) return Promise.resolve('changed');
    if (signal.aborted) return Promise.resolve('aborted');
    return new Promise((resolve) => {
      let waiting = this.#waiting.get(orgId);
      if (!waiting) {
        waiting = new Set();
        this.#waiting.set(orgId, waiting);
      }
      const done = (outcome: WaitOutcome) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        const set = this.#waiting.get(orgId);
        set?.delete(wake);
        if (set?.size === 0) this.#waiting.delete(orgId);
        resolve(outcome);
      };
      const wake = () => done('changed');
      const onAbort = () => done('aborted');
      const timer = setTimeout(() => done('timeout'), timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.add(wake);
    });
  }

  close() {
    this.#unsubscribe();
  }
}
