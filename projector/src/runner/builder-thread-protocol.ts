import type { StoreLocation } from '@dispatch/config';
import type { ProjectionCommit } from '@dispatch/read-models';
import type { StoreView } from './store-views.ts';

export interface BuilderThreadData {
  stores: StoreLocation;
  view: StoreView;
  /** The projections by name (the product's), and those of them whose changes are not told. */
  projections: string[];
  untold: string[];
  name: string;
  batchSize?: number;
  catchUpBatchSize?: number;
  stopAt?: bigint;
  /** The staging file the builder writes in, with a writer of its own (see `DocumentStore.stagingFile`). */
  stagingPath?: string;
  /** How far the thread gives way to the process's others (0–19, as `nice`). */
  niceness: number;
}

export type ToBuilder =
  | { kind: 'waitFor'; id: number; position: bigint; timeoutMs: number }
  | { kind: 'close' };

export type FromBuilder =
  | { kind: 'started'; position: bigint }
  | { kind: 'failed'; message: string }
  | { kind: 'commit'; commit: ProjectionCommit }
  | { kind: 'error'; message: string }
  | { kind: 'reached'; id: number; reached: boolean; position: bigint }
  | { kind: 'closed'; position: bigint };
