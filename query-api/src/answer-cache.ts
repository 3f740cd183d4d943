import type { ProjectionClock } from './projection-clock.ts';

/**
 * Answers of the read side kept for as long as the read models they came from stay where they were:
 * an entry is tagged with the projector's commits so far when its reading began and served only until
 * the next commit the projector announces, which retires it. A dispatch floor opens the
 * same boards over and over between two changes; between them, one reading answers all. Concurrent
 * requests for an answer being read share that reading.
 *
 * Everything an answer depends on besides the read models belongs in its key: the organization, the
 * parsed query, and for the board's "today" counts the organization's local date. A reading that fails
 * is not kept. Nothing here decides who may see what: each request checks its session and its
 * membership before it asks.
 */
export interface AnswerCache {
  /**
   * `until` (milliseconds since the epoch) ends the answer's life earlier, without a commit: a live
   * board's answer holds until its next posting's expiry moment (docs/rules.md#posting-age-and-expiry).
   * Given as a function, it is worked out from the answer once read (that moment itself, say).
   */
  answer<T>(key: string, read: () => Promise<T>, until?: number | ((answer: T) => number)): Promise<T>;
}

const defaultMaxEntries = 5_000;

export function createAnswerCache(clock: ProjectionClock, maxEntries = defaultMaxEntries): AnswerCache {
  const entries = new Map<string, { commits: number; until: number; answer: Promise<unknown> }>();
  // Every commit the projector announces counts, even one that does not move the position: a rebuild's
  // switch to new read models announces the position it took over at.
  let commits = 0;
  clock.subscribe(() => {
    commits++;
  });
  return {
    answer<T>(
      key: string,
      read: () => Promise<T>,
      until: number | ((answer: T) => number) = Number.POSITIVE_INFINITY,
    ): Promise<T> {
      const seen = commits;
      const kept = entries.get(key);
      if (kept && kept.commits === seen && Date.now() < kept.until) return kept.answer as Promise<T>;
      const answer = read();
      // Re-inserted at the end, so the oldest entry is the first the size limit drops.
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const entry = {
        commits: seen,
        until: typeof until === 'number' ? until : Number.POSITIVE_INFINITY,
        answer,
      };
      entries.set(key, entry);
      if (typeof until === 'function')
        answer.then(
          (value) => {
            entry.until = until(value);
          },
          () => {},
        );
      answer.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return answer;
    },
  };
}

/** A cache that keeps nothing: every request reads. */
export const noAnswerCache: AnswerCache = { answer: (_key, read) => read() };

/**
 * The key of a list's answer: the list, the organization, the parsed query, and the organization's
 * local date (a list's "today" and "yesterday" counts change at its midnight, not with an event).
 */
export function listAnswerKey(list: string, orgId: string, localDate: string, query: unknown): string {
  return `${list}\u0000${orgId}\u0000${localDate}\u0000${JSON.stringify(query)}`;
}
