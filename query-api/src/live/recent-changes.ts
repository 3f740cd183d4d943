import { type ChangeKind, isLiveChangeKind, type LiveChange, PER_USER_CHANGE_KINDS } from '@dispatch/domain';
import type { ProjectionCommit } from '@dispatch/read-models';

/** How many commits the live connection keeps for clients that reconnect. */
export const RECENT_COMMITS = 20_000;
/** How long it keeps them: a laptop asleep longer re-reads its screen. */
export const RECENT_COMMITS_MS = 30 * 60_000;
/** More ids than this of one kind since a client left: it re-reads that screen rather than hear each. */
export const MAX_CAUGHT_UP_IDS = 1000;

const perUserKinds: ReadonlySet<ChangeKind> = new Set(PER_USER_CHANGE_KINDS);

/**
 * The commits of the last minutes, as the query API heard them: what a client that was away missed
 * since the last position it applied (docs/architecture.md, "Live"). A client away longer than the
 * buffer covers, or one that missed too much, is told to re-read what is on its screen instead.
 */
export class RecentChanges {
  readonly #commits: { position: bigint; at: number; changes: ProjectionCommit['changes'] }[] = [];
  /** Every commit after this position is kept (until it ages out). */
  #completeAfter: bigint;
  readonly #now: () => number;

  constructor(startPosition: bigint, now: () => number = Date.now) {
    this.#completeAfter = startPosition;
    this.#now = now;
  }

  add(commit: ProjectionCommit): void {
    this.#commits.push({ position: commit.position, at: this.#now(), changes: commit.changes });
    const oldest = this.#now() - RECENT_COMMITS_MS;
    let drop = Math.max(0, this.#commits.length - RECENT_COMMITS);
    while (drop < this.#commits.length && (this.#commits[drop]?.at ?? 0) < oldest) drop += 1;
    if (drop > 0) {
      this.#completeAfter = this.#commits[drop - 1]?.position ?? this.#completeAfter;
      this.#commits.splice(0, drop);
    }
  }

  /**
   * What the member `userId` of `orgId` missed after `position`: one notice per kind, its ids merged,
   * at the last position that changed it; null when that is no longer known (or too much).
   */
  since(position: bigint, orgId: string, userId: string): LiveChange[] | null {
    if (position < this.#completeAfter) return null;
    const merged = new Map<
      string,
      { kind: LiveChange['kind']; ids: Set<string | number>; position: bigint }
    >();
    for (let index = this.#commits.length - 1; index >= 0; index--) {
      const commit = this.#commits[index];
      if (!commit || commit.position <= position) break;
      for (const change of commit.changes) {
        if (change.orgId !== orgId || !isLiveChangeKind(change.kind)) continue;
        const ids = perUserKinds.has(change.kind)
          ? change.ids.filter((id) => String(id) === userId)
          : change.ids;
        if (ids.length === 0) continue;
        let entry = merged.get(change.kind);
        if (!entry) {
          entry = { kind: change.kind, ids: new Set(), position: commit.position };
          merged.set(change.kind, entry);
        }
        for (const id of ids) entry.ids.add(id);
        if (entry.ids.size > MAX_CAUGHT_UP_IDS) return null;
      }
    }
    // Oldest first, as they were pushed: a client ignores a notice older than one it applied.
    return [...merged.values()]
      .sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0))
      .map((entry) => ({
        kind: entry.kind,
        ids: [...entry.ids],
        position: entry.position.toString(),
        orgId,
      }));
  }
}
