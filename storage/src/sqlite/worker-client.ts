import { parentPort, Worker } from 'node:worker_threads';

interface Request<T> {
  id: number;
  body: T;
}

type Response<R> = { id: number; result: R } | { id: number; error: string };

/**
 * Requests to a worker thread of SQLite work, answered in the order asked. The thread keeps the process
 * alive only while requests are under way, as an open connection on the main thread would not.
 */
export class WorkerClient<T, R> {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (result: R) => void; reject: (error: Error) => void }>();
  #next = 0;
  #failure: Error | null = null;

  constructor(script: URL, workerData?: unknown) {
    const worker = new Worker(script, { workerData });
    this.#worker = worker;
    worker.unref();
    worker.on('message', (response: Response<R>) => {
      const pending = this.#pending.get(response.id);
      this.#pending.delete(response.id);
      if (this.#pending.size === 0) worker.unref();
      if ('error' in response) pending?.reject(new Error(response.error));
      else pending?.resolve(response.result);
    });
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(`The worker thread stopped (exit code ${code})`)));
  }

  #fail(error: Error) {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  get busy(): boolean {
    return this.#pending.size > 0;
  }

  request(body: T): Promise<R> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#next++;
    return new Promise<R>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ id, body } satisfies Request<T>);
    });
  }

  /** Lets the thread finish the requests under way, then stops it. */
  async close(settled: Promise<unknown>): Promise<void> {
    await settled.catch(() => {});
    if (this.#failure) return;
    this.#failure = new Error('The store is closed');
    const worker = this.#worker;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.ref();
    worker.postMessage('close');
    await exited;
  }
}

/**
 * The worker side: answers each request with `handle`, in the order they came (an error becomes the
 * request's rejection), and calls `onClose` when asked to stop, after the requests asked for before.
 */
export function serveRequests<T, R>(
  handle: (body: T) => { result: R; transfer?: ArrayBuffer[] },
  onClose: () => void,
): void {
  const port = parentPort;
  if (!port) throw new Error('This module runs as a worker thread');
  port.on('message', (message: Request<T> | 'close') => {
    if (message === 'close') {
      onClose();
      port.close();
      return;
    }
    let outcome: { result: R; transfer?: ArrayBuffer[] };
    try {
      outcome = handle(message.body);
    } catch (error) {
      port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
      return;
    }
    port.postMessage({ id: message.id, result: outcome.result }, outcome.transfer ?? []);
  });
}
