import { WorkerClient } from '../../sqlite/worker-client.ts';
import type { CollectionDefinition } from '../port.ts';
import type { TableSwitch } from './collection-schema.ts';
import type { EncodedOperation } from './write-operations.ts';

/**
 * What the writer thread is asked to do: write a batch, build one missing index of a collection
 * (answers whether it built one), analyze the next index of a collection (whether there was one), or
 * drop a part of a collection (whether parts are left).
 */
export type WriterRequest =
  | { kind: 'write'; operations: EncodedOperation[] }
  | { kind: 'index'; definition: CollectionDefinition }
  | { kind: 'analyze'; definition: CollectionDefinition }
  | { kind: 'drop'; collection: string }
  | { kind: 'switch'; switches: TableSwitch[]; operations: EncodedOperation[] };

/**
 * Writes of a file-backed document store, run by a worker thread on its own connection. The SQL
 * work of a large batch (B-tree inserts, generated columns, the commit) then runs beside the
 * caller's thread: while one batch is written the projector reads and applies the next events.
 * A rebuild's index builds run there too: at a million rows they take minutes, which on the caller's
 * thread would stop the process serving the board (the rebuild runs beside the live read models).
 * Requests are served one after another in the order they were asked for; a write resolves once
 * committed, so a read made after it on any connection sees it.
 */
export class WorkerWriter {
  readonly #client: WorkerClient<WriterRequest, boolean>;

  /** A writer thread of its own on the file at `path`. */
  constructor(path: string) {
    this.#client = new WorkerClient(new URL('./write-worker.ts', import.meta.url), { path });
  }

  /** Writes a batch in one transaction. */
  async write(operations: EncodedOperation[]): Promise<void> {
    await this.#client.request({ kind: 'write', operations });
  }

  /**
   * Builds the collection's missing indexes one at a time, each in a transaction of its own (a text
   * index in several), then their statistics, an index at a time. A write asked for meanwhile waits
   * for the step under way, not for all of them: the indexes of a million rows take minutes to build,
   * and the writes of the read models in service in the same file go in between.
   */
  async createIndexes(definition: CollectionDefinition): Promise<void> {
    let created = false;
    while (await this.#client.request({ kind: 'index', definition })) created = true;
    if (created) while (await this.#client.request({ kind: 'analyze', definition }));
  }

  /**
   * The switch of `replaceCollections`: renames and the operations in one transaction, here rather than
   * on the caller's thread, which the renames would hold for as long as SQLite reads its whole schema
   * again after each of them (a few hundred milliseconds for a group of read models).
   */
  async switchTables(switches: TableSwitch[], operations: EncodedOperation[]): Promise<void> {
    await this.#client.request({ kind: 'switch', switches, operations });
  }

  /**
   * Drops a collection's tables, and its entry in the catalog. A read model of a million rows takes
   * seconds to drop (SQLite frees each of its pages): here, not on the caller's thread, a part at a
   * time (its text index, its search rows, each index, the table), the writes asked for in between.
   */
  async dropCollection(collection: string): Promise<void> {
    while (await this.#client.request({ kind: 'drop', collection }));
  }

  /** Resolves once every write asked for so far is settled (a failed one included). */
  async idle(): Promise<void> {
    if (this.#client.busy) await this.write([]).catch(() => {});
  }

  close(): Promise<void> {
    return this.#client.close(this.idle());
  }
}
