import type { ChangeKind } from '@dispatch/domain';
import type { CollectionDefinition, Document, RecordedEvent } from '@dispatch/storage';

/** A read model document as a projection writes it; the runner adds the position. */
export interface DocumentBody {
  id: string;
  [field: string]: unknown;
}

/** What a projection may do while applying one event: read (seeing the batch's own writes) and stage writes. */
export interface ProjectionContext {
  get<T extends Document>(collection: string, id: string): Promise<T | null>;
  put(collection: string, document: DocumentBody): void;
  delete(collection: string, id: string): void;
  /**
   * Adds `by` to counters of a document, creating it from `insert` when absent. Increments of one
   * document within a batch are merged into one write, so a counter costs one write per batch.
   */
  increment(
    collection: string,
    id: string,
    insert: Record<string, unknown>,
    by: Record<string, number>,
  ): void;
  /** The same, adding `amount` to each of `counters` (no object of counters to make per call). */
  incrementEach(
    collection: string,
    id: string,
    insert: Record<string, unknown>,
    counters: readonly string[],
    amount: number,
  ): void;
  /** Tells live clients of `orgId` that documents of `kind` changed (a kind the domain's protocol names). */
  changed(kind: ChangeKind, orgId: string, id: string | number): void;
}

export interface Projection {
  name: string;
  collections: CollectionDefinition[];
  /** Event types this projection reacts to; others are skipped without a call. */
  eventTypes: readonly string[];
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void> | void;
}
