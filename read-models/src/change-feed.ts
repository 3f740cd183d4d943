import type { DocumentStore } from '@dispatch/storage';
import { collections } from './collections.ts';

/** Documents of one kind that changed for one organization. */
export interface Change {
  kind: string;
  orgId: string;
  ids: (string | number)[];
}

/** Changes gathered one id at a time or a list at a time: one change per kind and organization, every id once. */
export class ChangeSet {
  /** Kind → organization → ids. */
  readonly #changed = new Map<string, Map<string, Set<string | number>>>();

  add(kind: string, orgId: string, id: string | number): void {
    let byOrganization = this.#changed.get(kind);
    if (!byOrganization) {
      byOrganization = new Map();
      this.#changed.set(kind, byOrganization);
    }
    let ids = byOrganization.get(orgId);
    if (!ids) {
      ids = new Set();
      byOrganization.set(orgId, ids);
    }
    ids.add(id);
  }

  addAll(changes: readonly Change[]): void {
    for (const { kind, orgId, ids } of changes) for (const id of ids) this.add(kind, orgId, id);
  }

  list(): Change[] {
    const changes: Change[] = [];
    for (const [kind, byOrganization] of this.#changed) {
      for (const [orgId, ids] of byOrganization) changes.push({ kind, orgId, ids: [...ids] });
    }
    return changes;
  }
}

/** One committed projector batch: the position the read models now reflect, and what changed. */
export interface ProjectionCommit {
  position: bigint;
  changes: Change[];
}

export type CommitListener = (commit: ProjectionCommit) => void;

export interface ChangeFeed {
  publish(commit: ProjectionCommit): void;
  subscribe(listener: CommitListener): () => void;
}

/** Projector and query API in one process (standalone, tests). */
export function inProcessChangeFeed(): ChangeFeed {
  const listeners = new Set<CommitListener>();
  return {
    publish(commit) {
      for (const listener of listeners) listener(commit);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const changeLogCollection = {
  name: collections.changes,
  fields: { seq: 'number' as const },
};

/** How often a process apart from the projector reads the change log for new entries. */
export const CHANGE_LOG_POLL_MS = 20;

/**
 * Projector and query API in separate processes: the projector writes each commit to a change
 * log collection in the same atomic write as the read models; the query side tails it.
 */
export function tailChangeLog(
  documents: DocumentStore,
  options: { from: bigint; intervalMs?: number },
): { subscribe(listener: CommitListener): () => void; close(): void } {
  const listeners = new Set<CommitListener>();
  let last = options.from;
  /** The last entry read: the position of the batch it tells of. */
  let lastSeq = Number(options.from);
  let running = false;
  const poll = async () => {
    if (running) return;
    running = true;
    try {
      const rows = await documents.find<{
        id: string;
        position: string;
        seq: number;
        changes: Change[];
        reflects?: string;
      }>(changeLogCollection.name, {
        filter: { seq: { gt: lastSeq } },
        sort: [{ field: 'seq', direction: 'asc' }],
        limit: 500,
      });
      for (const row of rows) {
        lastSeq = row.seq;
        // What every read model reflects: below the batch's position while a group is built again.
        last = BigInt(row.reflects ?? row.position);
        for (const listener of listeners) listener({ position: last, changes: row.changes });
      }
    } finally {
      running = false;
    }
  };
  // Asked often: one indexed read of the entries after the last, which finds nothing most of the time,
  // against a push's wait for the next read (half the interval on average).
  const timer = setInterval(() => void poll().catch(() => {}), options.intervalMs ?? CHANGE_LOG_POLL_MS);
  timer.unref();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => clearInterval(timer),
  };
}
