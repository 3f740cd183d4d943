import type { Document, DocumentStore, Query } from '@dispatch/storage';

/** How many due documents a sweep reads at a time. */
const BATCH = 100;

/**
 * One pass over the documents a query finds due, in its order, a page at a time: each is handed to
 * `handle`, and one that fails is reported to `failed` while the pass goes on. Pages move by offset:
 * a document the projector has not yet moved out of the due set may push another past this pass,
 * and the next pass takes it.
 */
export async function sweepDue<T extends Document>(
  documents: DocumentStore,
  collection: string,
  query: Pick<Query, 'filter' | 'sort'>,
  handle: (document: T) => Promise<void>,
  failed: (error: unknown, document: T) => void,
): Promise<void> {
  for (let skip = 0; ; skip += BATCH) {
    const due = await documents.find<T>(collection, { ...query, skip, limit: BATCH });
    for (const document of due) {
      try {
        await handle(document);
      } catch (error) {
        failed(error, document);
      }
    }
    if (due.length < BATCH) return;
  }
}

/**
 * A sweep run every `everyMs` once started: a pass never starts while the one before runs, and stop
 * waits for the pass running.
 */
export function repeatedSweep<Answer>(sweep: (now?: Date) => Promise<Answer>) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  return {
    sweep,
    /** Sweeps every `everyMs` until stopped; a pass still running is awaited by stop. */
    start(everyMs: number) {
      timer = setInterval(() => {
        if (running) return;
        running = sweep().finally(() => {
          running = null;
        });
      }, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
