import {
  type AllStreamSubscription,
  type EventStoreDBClient,
  excludeSystemEvents,
} from '@eventstore/db-client';
import { caughtUpReporter } from '../caught-up.ts';
import type { EventHandler, SubscribeOptions, Subscription } from '../port.ts';
import { deliver, nextDelay, Pause } from '../redelivery.ts';
import { fromEsdbEvent, isSystemEvent, toReadPosition } from './esdb-mapping.ts';

/**
 * A catch-up subscription to $all that survives dropped connections: after an error it subscribes
 * again from the last delivered position. Handler failures never reach the server: the same event is
 * retried here, while the stream's back-pressure holds the rest.
 */
export function subscribeToAll(
  client: EventStoreDBClient,
  head: () => Promise<bigint>,
  from: bigint,
  handler: EventHandler,
  options: SubscribeOptions,
): Subscription {
  const pause = new Pause();
  let closed = false;
  let current: AllStreamSubscription | undefined;

  async function run(): Promise<void> {
    let position = from;
    let reportCaughtUp: ((position: bigint) => void) | undefined;
    let failures: number | undefined;
    while (!closed) {
      try {
        reportCaughtUp ??= caughtUpReporter(await head(), options);
        reportCaughtUp(position);
        if (closed) return;
        current = client.subscribeToAll({
          fromPosition: toReadPosition(position),
          filter: excludeSystemEvents(),
        });
        for await (const resolved of current) {
          failures = undefined;
          const event = resolved.event;
          if (!event || isSystemEvent(event)) continue;
          const recorded = fromEsdbEvent(event);
          // The start is exclusive; after a resubscription the server may also repeat the last event.
          if (recorded.position <= position) continue;
          if (!(await deliver(recorded, handler, options, pause, () => closed))) return;
          position = recorded.position;
          reportCaughtUp(position);
          if (closed) return;
        }
      } catch {
        // Connection lost or server restarting: subscribe again below, from where delivery stopped.
      } finally {
        const ended = current;
        current = undefined;
        await ended?.unsubscribe().catch(() => {});
      }
      if (closed) return;
      failures = nextDelay(failures);
      await pause.wait(failures);
    }
  }

  const running = run();
  return {
    async close() {
      closed = true;
      pause.interrupt();
      await current?.unsubscribe().catch(() => {});
      await running;
    },
  };
}
