import type { ChangeFeed, ProjectionHold } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { Projection } from '../projection.ts';

export interface ProjectorOptions {
  eventStore: EventStore;
  documents: DocumentStore;
  projections: Projection[];
  feed?: ChangeFeed;
  /** Also write every commit to the change log collection, for a query API in another process. */
  writeChangeLog?: boolean;
  /** Checkpoint name; a rebuild runs under its own name into its own collections. */
  name?: string;
  /** Most events applied in one atomic write. */
  batchSize?: number;
  /**
   * Most events in one write while catching up to the head the log had at start: fewer, larger
   * writes, and a counter touched by many events of a batch is written once.
   */
  catchUpBatchSize?: number;
  /** Events after this position are not applied: the read models stop there (for a switch). */
  stopAt?: bigint;
  /**
   * Projections applied only for the read models others read while applying an event (a rebuild of
   * one group reads the groups it depends on as they stood): what they change is not told.
   */
  untold?: readonly Projection[];
  /**
   * The position the change log says every read model reflects once a batch up to `position` is
   * written: lower while a group of them is built again beside these.
   */
  reflected?: (position: bigint) => bigint;
  /** Work of the same process the projector makes way for while it runs (a large expiry sweep). */
  hold?: ProjectionHold;
  onError?: (error: unknown) => void;
  /**
   * The projector stopped writing for good on its own: a batch of its written in parts was cut midway
   * by a failure (see `WriteOptions.unsettled`), and only a build from the first event mends that.
   */
  onHalt?: (error: Error) => void;
}

export interface Projector {
  /** Position the read models reflect. */
  position(): bigint;
  /** Resolves once the read models reflect at least `position`. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}
