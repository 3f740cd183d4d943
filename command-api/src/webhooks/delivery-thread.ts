import { Worker } from 'node:worker_threads';
import type { Environment } from '@dispatch/config';
import { EVENT_FEED_CHANGE_KIND } from '@dispatch/domain';
import type { WebhookSettings } from './address-guard.ts';
import type { CommitSource, DeliveryTiming } from './deliverer.ts';

/** What the delivery thread is told: the organizations whose feed grew, and endpoints a command changed. */
export type ToDeliveryThread =
  | { type: 'events'; position: bigint; orgIds: string[] }
  | { type: 'touch'; webhookId: string }
  | { type: 'stop' };

/** What it answers: that it runs (or could not start), what it logs, that it stopped. */
export type FromDeliveryThread =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'log'; level: 'error' | 'warn'; object: unknown; message?: string }
  | { type: 'stopped' };

/** What the thread starts from: everything it needs to open the stores and deliver on its own. */
export interface DeliveryThreadData {
  env: Environment;
  settings: WebhookSettings;
  publicUrl: string;
  timing?: Partial<DeliveryTiming>;
}

/** Longest a stop waits for the thread to record its attempts and give the lease up. */
const STOP_WAIT_MS = 15_000;

/**
 * Webhook deliveries in a worker thread of their own: the thread opens its own connections to the
 * stores the environment names, holds the delivery lease, reads the feed, sends, signs and records
 * its attempts, so none of it takes turns with the requests this thread answers. This thread only
 * tells it which organizations' feeds grew (from the projector's commits) and which endpoints a
 * command changed.
 */
export function webhookDeliveryThread(
  options: DeliveryThreadData & {
    changes?: CommitSource;
    log: { error(object: unknown, message?: string): void; warn(object: unknown, message?: string): void };
  },
) {
  const { log } = options;
  let worker: Worker | null = null;
  let unsubscribe: (() => void) | null = null;
  let stopped: Promise<void> | null = null;
  let ready: Promise<boolean> = Promise.resolve(false);

  const post = (message: ToDeliveryThread) => worker?.postMessage(message);

  return {
    /**
     * Starts the thread without waiting for it: it loads the product's modules and opens the stores on
     * its own, then claims the lease and delivers; what it logs comes here.
     */
    async start() {
      const data: DeliveryThreadData = {
        env: options.env,
        settings: options.settings,
        publicUrl: options.publicUrl,
        timing: options.timing,
      };
      const thread = new Worker(new URL('./delivery-worker.ts', import.meta.url), { workerData: data });
      worker = thread;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      stopped = exited;
      ready = new Promise<boolean>((resolve) => {
        thread.on('message', (message: FromDeliveryThread) => {
          if (message.type === 'ready') resolve(true);
          else if (message.type === 'failed') {
            log.error({ message: message.message }, 'webhook delivery thread could not start');
            resolve(false);
          } else if (message.type === 'log') log[message.level](message.object, message.message);
        });
        void exited.then(() => resolve(false));
      });
      thread.on('error', (error) => log.error({ err: error }, 'webhook delivery thread failed'));
      // Messages wait in the thread's port until it listens: none is lost while it starts.
      unsubscribe =
        options.changes?.subscribe((commit) => {
          const orgIds = commit.changes
            .filter((change) => change.kind === EVENT_FEED_CHANGE_KIND)
            .map((change) => change.orgId);
          if (orgIds.length > 0) post({ type: 'events', position: commit.position, orgIds });
        }) ?? null;
    },
    /** Resolves true once the thread delivers (or waits for the lease), false when it could not start. */
    ready(): Promise<boolean> {
      return ready;
    },
    /** A command changed an endpoint: the thread reads it now rather than at its next poll. */
    touch(webhookId: string) {
      post({ type: 'touch', webhookId });
    },
    /** Lets the thread record what it sent and give the lease up, then ends it. */
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      const thread = worker;
      worker = null;
      if (!thread || !stopped) return;
      const exited = stopped;
      const timeout = <T>(value: T) =>
        new Promise<T>((resolve) => setTimeout(() => resolve(value), STOP_WAIT_MS).unref());
      // A thread still starting is let start, so that it gives the lease up as it stops.
      if (await Promise.race([ready, timeout(false)])) {
        const done = new Promise<void>((resolve) => {
          thread.on('message', (message: FromDeliveryThread) => {
            if (message.type === 'stopped') resolve();
          });
          void exited.then(() => resolve());
        });
        thread.postMessage({ type: 'stop' } satisfies ToDeliveryThread);
        await Promise.race([done, timeout(undefined)]);
      }
      await thread.terminate();
    },
  };
}
export type WebhookDeliveryThread = ReturnType<typeof webhookDeliveryThread>;
