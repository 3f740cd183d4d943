import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { testEvent } from '../../../testing/test-event.ts';
import { openSqliteEventStore } from '../open-sqlite-event-store.ts';

/**
 * Another process sharing the store's file, for the cross-process specs.
 *   append-from-child.ts <file> once <stream>   appends one event, prints its id, exits
 *   append-from-child.ts <file> forever         appends until killed, printing each acknowledged id
 *   append-from-child.ts <file> concurrent      likewise from 50 concurrent writers (group commits)
 *   append-from-child.ts <file> subscribe       subscribes, appends, closes, and must then exit by itself
 */
const [file, mode, stream] = process.argv.slice(2);
if (!file || !mode) {
  throw new Error('usage: append-from-child.ts <file> <once|forever|concurrent|subscribe> [stream]');
}

const event = () => testEvent('TruckRegistered', { plate: 'AB-123-CD' }, new Date().toISOString());

const store = openSqliteEventStore({ path: file });
if (mode === 'once') {
  const appended = event();
  await store.append(stream ?? `truck-${randomUUID()}`, [appended], { expected: 'any' });
  process.stdout.write(`${appended.id}\n`);
  await store.close();
} else if (mode === 'forever') {
  for (;;) {
    const appended = event();
    await store.append(`truck-${randomUUID()}`, [appended], { expected: 'no_stream' });
    process.stdout.write(`${appended.id}\n`);
    await yieldToEventLoop();
  }
} else if (mode === 'concurrent') {
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for (;;) {
        const appended = event();
        await store.append(`truck-${randomUUID()}`, [appended], { expected: 'no_stream' });
        process.stdout.write(`${appended.id}\n`);
      }
    }),
  );
} else if (mode === 'subscribe') {
  let delivered = 0;
  const subscription = store.subscribe(0n, () => {
    delivered += 1;
  });
  await store.append(`truck-${randomUUID()}`, [event()], { expected: 'no_stream' });
  while (delivered === 0) await yieldToEventLoop();
  await subscription.close();
  await store.close();
  process.stdout.write('closed\n');
}
