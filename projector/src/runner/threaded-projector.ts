import { flushCompileCache } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { StoreLocation } from '@dispatch/config';
import type { ChangeFeed } from '@dispatch/read-models';
import type { Projection } from '../projection.ts';
import type { BuilderThreadData, FromBuilder, ToBuilder } from './builder-thread-protocol.ts';
import type { Projector } from './options.ts';
import type { StoreView } from './store-views.ts';

/**
 * The builder thread's niceness: under busy cores it gives way to the threads that serve the board (on
 * the 100k board, the trucks list's p99 during a rebuild 29–41 ms at 0, 25–30 ms at 10, the rebuild
 * as long). A rebuild has the cores to itself when the board is quiet.
 */
const BUILDER_NICENESS = 10;

export interface ThreadedProjectorOptions {
  stores: StoreLocation;
  view: StoreView;
  projections: readonly Projection[];
  untold?: readonly Projection[];
  feed: ChangeFeed;
  name: string;
  batchSize?: number;
  catchUpBatchSize?: number;
  stopAt?: bigint;
  /** The staging file the builder's writes go to instead, on a writer thread of its own. */
  stagingPath?: string;
  onError?: (error: unknown) => void;
}

/**
 * A projector run on a thread of its own, with its own connections to the stores: a rebuild's builder.
 * Reading and parsing the log, applying the events and serialising the rows then take none of the
 * process's thread, which keeps serving the live board (its requests, the live projector, the pushes);
 * and the builder's garbage is collected in its own heap. Its commits are told to `feed` here.
 */
export function startThreadedProjector(options: ThreadedProjectorOptions): Promise<Projector> {
  const data: BuilderThreadData = {
    stores: options.stores,
    view: options.view,
    projections: options.projections.map((projection) => projection.name),
    untold: (options.untold ?? []).map((projection) => projection.name),
    name: options.name,
    batchSize: options.batchSize,
    catchUpBatchSize: options.catchUpBatchSize,
    stopAt: options.stopAt,
    stagingPath: options.stagingPath,
    niceness: BUILDER_NICENESS,
  };
  // Where the process keeps a compile cache, what it compiled since it started (new code, after an
  // upgrade) goes to disk first, so the thread reads it rather than compiling it again.
  flushCompileCache();
  const worker = new Worker(new URL('./builder-thread.ts', import.meta.url), {
    workerData: data,
  });
  let position = 0n;
  let nextId = 0;
  const reached = new Map<number, (reached: boolean) => void>();
  let closed: Promise<void> | null = null;
  let onClosed = () => {};
  let exited = false;
  /** Why the thread stopped before it was closed: every wait after it says so. */
  let failure: Error | null = null;
  const send = (message: ToBuilder) => worker.postMessage(message);

  return new Promise((resolve, reject) => {
    const projector: Projector = {
      position: () => position,
      waitFor(target, timeoutMs) {
        if (failure) return Promise.reject(failure);
        if (exited || closed) return Promise.resolve(target <= position);
        const id = nextId++;
        return new Promise((answer) => {
          reached.set(id, answer);
          send({ kind: 'waitFor', id, position: target, timeoutMs });
        });
      },
      close() {
        closed ??= exited
          ? Promise.resolve()
          : new Promise<void>((done) => {
              onClosed = done;
              send({ kind: 'close' });
            });
        return closed;
      },
    };
    worker.on('message', (message: FromBuilder) => {
      if (message.kind === 'started') {
        position = message.position;
        resolve(projector);
      } else if (message.kind === 'failed') {
        reject(new Error(message.message));
      } else if (message.kind === 'commit') {
        position = message.commit.position;
        options.feed.publish(message.commit);
      } else if (message.kind === 'error') {
        options.onError?.(new Error(message.message));
      } else if (message.kind === 'reached') {
        if (message.position > position) position = message.position;
        reached.get(message.id)?.(message.reached);
        reached.delete(message.id);
      } else {
        position = message.position;
      }
    });
    const stop = (error: Error | null) => {
      exited = true;
      failure ??= error;
      for (const answer of reached.values()) answer(false);
      reached.clear();
      onClosed();
      if (error) {
        options.onError?.(error);
        reject(error);
      }
    };
    worker.on('error', (error) => stop(error));
    worker.on('exit', (code) =>
      stop(code === 0 || closed ? null : new Error(`The builder's thread stopped (exit code ${code})`)),
    );
  });
}
