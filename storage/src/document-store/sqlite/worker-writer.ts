import { WorkerClient } from '../../sqlite/worker-client.ts';
import type { EncodedOperation } from './write-operations.ts';

/**
 * Writes of a file-backed document store, run by a worker thread on its own connection. The SQL
 * work of a large batch (B-tree inserts, generated columns, the commit) then runs beside the
 * caller's thread: while one batch is written the projector reads and applies the next events.
 * Writes are applied one after another in the order they were asked for; a write resolves once
 * committed, so a read made after it on any connection sees it.
 */
export class WorkerWriter {
  readonly #client: WorkerClient<EncodedOperation[], null>;

  constructor(path: string) {
    this.#client = new WorkerClient(new URL('./write-worker.ts', import.meta.url), { path });
  }

  async write(operations: EncodedOperation[]): Promise<void> {
    await this.#client.request(operations);
  }

  /** Resolves once every write asked for so far is settled (a failed one included). */
  async idle(): Promise<void> {
    if (this.#client.busy) await this.write([]).catch(() => {});
  }

  close(): Promise<void> {
    return this.#client.close(this.idle());
  }
}
