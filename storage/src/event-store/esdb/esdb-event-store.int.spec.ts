import { describe } from 'vitest';
import { appendToStreamsContract } from '../append-to-streams.contract.ts';
import { concurrentAppendsContract } from '../concurrent-appends.contract.ts';
import { eventStoreContract } from '../event-store.contract.ts';
import { readStreamsContract } from '../read-streams.contract.ts';
import { openEsdbEventStore } from './open-esdb-event-store.ts';

// A shared server, e.g. EVENTSTORE_URL='esdb://localhost:2113?tls=false': every test uses streams of its own.
const url = process.env.EVENTSTORE_URL ?? '';

describe.skipIf(!url)('eventstoredb (EVENTSTORE_URL)', () => {
  eventStoreContract('eventstoredb', () => openEsdbEventStore({ url }), undefined, {
    freshStorePerOpen: false,
    // EventStoreDB checks event ids for idempotency within a stream only.
    rejectsEventIdsUsedInOtherStreams: false,
  });
  // Streams of their own (random names), so a shared server serves it too.
  concurrentAppendsContract('eventstoredb', () => openEsdbEventStore({ url }));
  appendToStreamsContract('eventstoredb', () => openEsdbEventStore({ url }));
  readStreamsContract('eventstoredb', () => openEsdbEventStore({ url }));
});
