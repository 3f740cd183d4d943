import type { ProductMetrics } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';

/** The event store with every appended event counted for /metrics, by type. */
export function countedAppends(store: EventStore, metrics: ProductMetrics): EventStore {
  return {
    async append(streamId, events, options) {
      const result = await store.append(streamId, events, options);
      for (const event of events) metrics.eventsAppended(event.type);
      return result;
    },
    async appendToStreams(appends) {
      const outcomes = await store.appendToStreams(appends);
      appends.forEach((share, index) => {
        if (outcomes[index] && 'result' in outcomes[index]) {
          for (const event of share.events) metrics.eventsAppended(event.type);
        }
      });
      return outcomes;
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readStreams: (streamIds) => store.readStreams(streamIds),
    readAll: (from, max) => store.readAll(from, max),
    headPosition: () => store.headPosition(),
    subscribe: (from, handler, options) => store.subscribe(from, handler, options),
    close: () => store.close(),
  };
}
