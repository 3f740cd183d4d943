import { parentPort, workerData } from 'node:worker_threads';
import { QuotaLedger } from '@dispatch/auth';
import { mailerFor } from '@dispatch/auth/runtime';
import { openDocumentStoreFor, openEventStoreFor } from '@dispatch/config';
import { EVENT_FEED_CHANGE_KIND, eventUpcasting } from '@dispatch/domain';
import type { CommitListener } from '@dispatch/read-models';
import { leasedWebhookDeliverer } from './deliverer.ts';
import type { DeliveryThreadData, FromDeliveryThread, ToDeliveryThread } from './delivery-thread.ts';

// The webhook delivery thread (see delivery-thread.ts): its own connections to the stores, the lease,
// and every endpoint's deliveries; told by the thread that started it what to wake for.
const port = parentPort;
if (!port) throw new Error('This module runs as a worker thread');
const { env, settings, publicUrl, timing } = workerData as DeliveryThreadData;
const say = (message: FromDeliveryThread) => port.postMessage(message);

/** A log line the starting thread can take: errors as their message and stack. */
function loggable(object: unknown): unknown {
  if (typeof object !== 'object' || object === null) return object;
  return Object.fromEntries(
    Object.entries(object).map(([key, value]) => [
      key,
      value instanceof Error ? { message: value.message, stack: value.stack } : value,
    ]),
  );
}
const log = {
  error: (object: unknown, message?: string) =>
    say({ type: 'log', level: 'error', object: loggable(object), message }),
  warn: (object: unknown, message?: string) =>
    say({ type: 'log', level: 'warn', object: loggable(object), message }),
};

const listeners = new Set<CommitListener>();
const store = openEventStoreFor(env, { upcast: (event) => eventUpcasting.upcast(event) });
const deliveries = await (async () => {
  try {
    const documents = await openDocumentStoreFor(env);
    const deliverer = leasedWebhookDeliverer({
      store,
      documents,
      mailer: mailerFor(env),
      quotas: new QuotaLedger(store, env.quotas),
      publicUrl,
      settings,
      log,
      timing,
      changes: {
        subscribe(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
    });
    return { documents, deliverer };
  } catch (error) {
    say({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
})();

port.on('message', (message: ToDeliveryThread) => {
  if (message.type === 'events') {
    const changes = message.orgIds.map((orgId) => ({ kind: EVENT_FEED_CHANGE_KIND, orgId, ids: [] }));
    for (const listener of listeners) listener({ position: message.position, changes });
  } else if (message.type === 'touch') deliveries.deliverer.touch(message.webhookId);
  else if (message.type === 'stop') {
    void (async () => {
      await deliveries.deliverer.stop();
      await deliveries.documents.close();
      await store.close();
      say({ type: 'stopped' });
      port.close();
    })().catch((error) => {
      log.error({ err: error }, 'webhook delivery thread did not stop cleanly');
      say({ type: 'stopped' });
    });
  }
});

await deliveries.deliverer.start();
say({ type: 'ready' });
