import type { EventStore, RecordedEvent } from './port.ts';

/** Brings an event read from the store to the current shape of its type (the domain's upcasters). */
export type Upcast = (event: RecordedEvent) => RecordedEvent;

/**
 * An event store whose every read (a stream, the log, a subscription) passes through `upcast`, so
 * deciders, projections and histories only ever see events in their current shape, while the stored
 * events stay as they were written.
 */
export function upcastingEventStore(store: EventStore, upcast: Upcast): EventStore {
  return {
    append: (streamId, events, options) => store.append(streamId, events, options),
    appendToStreams: (appends) => store.appendToStreams(appends),
    readStream: async (streamId, options) => (await store.readStream(streamId, options)).map(upcast),
    readStreams: async (streamIds) => {
      const streams = await store.readStreams(streamIds);
      for (const [streamId, events] of streams) streams.set(streamId, events.map(upcast));
      return streams;
    },
    readAll: async (from, max) => (await store.readAll(from, max)).map(upcast),
    headPosition: () => store.headPosition(),
    subscribe: (from, handler, options) => store.subscribe(from, (event) => handler(upcast(event)), options),
    close: () => store.close(),
  };
}
