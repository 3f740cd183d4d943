import type { RecordedAttempt } from '@dispatch/domain';
import { WEBHOOK_ATTEMPTS_RECORDED } from '@dispatch/domain';
import type { EventStore } from '@dispatch/storage';
import { webhookDeliveries } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { systemContext } from './system-context.ts';

/**
 * An endpoint's attempts, appended to its deliveries stream a batch at a time (every `everyMs`, or
 * at once when `batchSize` wait), each batch with the endpoint's cursor at that moment. An append
 * that fails keeps its attempts for the next one.
 */
export function attemptLog(options: {
  store: EventStore;
  webhookId: string;
  orgId: () => string;
  /** The cursor and the requests taken in, as they are when a batch is written. */
  progress: () => { deliveredThrough: string; requestsThrough: string | null };
  everyMs: number;
  batchSize: number;
  clock: () => Date;
  failed: (error: unknown) => void;
}) {
  const buffer: RecordedAttempt[] = [];
  let dirty = false;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();

  async function write() {
    if (!dirty) return;
    const attempts = buffer.splice(0);
    dirty = false;
    const { deliveredThrough, requestsThrough } = options.progress();
    try {
      await handle(
        options.store,
        webhookDeliveries,
        options.webhookId,
        {
          type: WEBHOOK_ATTEMPTS_RECORDED,
          data: { webhookId: options.webhookId, attempts, deliveredThrough, requestsThrough },
        },
        systemContext(options.orgId(), options.clock()),
        { unconditional: true },
      );
    } catch (error) {
      buffer.unshift(...attempts);
      dirty = true;
      options.failed(error);
      schedule();
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    chain = chain.then(write);
    return chain;
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, options.everyMs);
    timer.unref();
  }

  return {
    add(attempt: RecordedAttempt) {
      buffer.push(attempt);
      dirty = true;
      if (buffer.length >= options.batchSize) void flush();
      else schedule();
    },
    /** The cursor moved: the next batch says so, attempts or not. */
    progressed() {
      dirty = true;
      schedule();
    },
    flush,
  };
}
export type AttemptLog = ReturnType<typeof attemptLog>;
