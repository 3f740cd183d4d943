import { Worker } from 'node:worker_threads';
import type { EncodedOperation } from './write-operations.ts';

export interface WriteRequest {
  id: number;
  operations: EncodedOperation[];
}

export interface WriteResult {
  id: number;
  error?: string;
}

/**
 * Writes of a file-backed document store, run by a worker thread on its own connection. The SQL
 * work of a large batch (B-tree inserts, generated columns, the commit) then runs beside the
 * caller's thread: while one batch is written the projector reads and applies the next events.
 * Writes are applied one after another in the order they were asked for; a write resolves once
 * committed, so a read made after it on any connection sees it.
 */
export class WorkerWriter {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  #next = 0;
  #failure: Error | null = null;

  constructor(path: string) {
    this.#worker = new Worker(new URL('./write-worker.ts', import.meta.url), { workerData: { path } });
    // Idle, the thread does not keep the process alive; with writes under way it does (see `write`).
    this.#worker.unref();
    this.#worker.on('message', (result: WriteResult) => {
      const pending = this.#pending.get(result.id);
      this.#pending.delete(result.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (result.error === undefined) pending?.resolve();
      else pending?.reject(new Error(result.error));
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) =>
      this.#fail(new Error(`The document writer stopped (exit code ${code})`)),
    );
  }

  #fail(error: Error) {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  write(operations: EncodedOperation[]): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#next++;
    return new Promise<void>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ id, operations } satisfies WriteRequest);
    });
  }

  /** Resolves once every write asked for so far is settled (a failed one included). */
  async idle(): Promise<void> {
    if (this.#pending.size === 0) return;
    await this.write([]).catch(() => {});
  }

  async close(): Promise<void> {
    await this.idle();
    if (this.#failure) return;
    const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
    this.#failure = new Error('The document store is closed');
    this.#worker.ref();
    this.#worker.postMessage('close');
    await exited;
  }
}
