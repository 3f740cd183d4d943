import type { AppendResult } from '../port.ts';
import type { AppendRequest } from './append-to-stream.ts';
import { type AppendOutcome, appendOutcome } from './group-commit.ts';

/** Commits a group of appends in one transaction (on a worker thread, or inline for a store in memory). */
export type Committer = (requests: AppendRequest[]) => Promise<AppendOutcome[]>;

/** Bounds one transaction (and so the wait of the appends queued behind it); a larger single append goes alone. */
const maxEventsPerGroup = 5_000;

/** Appends asked for together (one append, or the shares of `appendToStreams`): never split between groups. */
interface Waiting {
  requests: AppendRequest[];
  resolve: (outcomes: AppendOutcome[]) => void;
  reject: (error: unknown) => void;
}

/**
 * The appends of one store, committed in groups: while a commit is in flight, the appends that arrive
 * queue up, and all of them go into the next commit together, in the order they were asked. An append
 * resolves once its group is committed (on disk, with synchronous=FULL), with its own answer or error.
 */
export class GroupCommitter {
  readonly #commit: Committer;
  readonly #onCommitted: () => void;
  #queue: Waiting[] = [];
  #draining: Promise<void> | null = null;

  constructor(commit: Committer, onCommitted: () => void) {
    this.#commit = commit;
    this.#onCommitted = onCommitted;
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const [outcome] = await this.appendAll([request]);
    if (!outcome) throw new Error('The commit answered fewer appends than it was given');
    return appendOutcome(outcome);
  }

  /**
   * Appends asked for together, committed in the same group (a larger batch than a group holds goes
   * alone): each with its own outcome, in the order given.
   */
  appendAll(requests: AppendRequest[]): Promise<AppendOutcome[]> {
    return new Promise<AppendOutcome[]>((resolve, reject) => {
      this.#queue.push({ requests, resolve, reject });
      this.#draining ??= this.#drain();
    });
  }

  /** Resolves once every append asked for so far is settled. */
  idle(): Promise<void> {
    return this.#draining ?? Promise.resolve();
  }

  async #drain(): Promise<void> {
    // The appends asked for in the same tick (a Promise.all, a burst of requests) join the first group.
    await Promise.resolve();
    while (this.#queue.length > 0) {
      const group = this.#nextGroup();
      let outcomes: AppendOutcome[];
      try {
        outcomes = await this.#commit(group.flatMap((waiting) => waiting.requests));
      } catch (error) {
        // The transaction failed as a whole: nothing of the group is stored.
        for (const waiting of group) waiting.reject(error);
        continue;
      }
      this.#onCommitted();
      let next = 0;
      for (const waiting of group) {
        const own = outcomes.slice(next, next + waiting.requests.length);
        next += waiting.requests.length;
        if (own.length === waiting.requests.length) waiting.resolve(own);
        else waiting.reject(new Error('The commit answered fewer appends than it was given'));
      }
    }
    this.#draining = null;
  }

  #nextGroup(): Waiting[] {
    let events = 0;
    let size = 0;
    for (const waiting of this.#queue) {
      const count = waiting.requests.reduce((sum, request) => sum + request.events.length, 0);
      if (size > 0 && events + count > maxEventsPerGroup) break;
      events += count;
      size += 1;
    }
    return this.#queue.splice(0, size);
  }
}
