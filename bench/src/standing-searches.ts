import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  directions,
  loadDirection,
  loadSearchText,
  notificationId,
  type PostingFacts,
  products,
  savedSearchCreateSchema,
  savedSearchStream,
  trailerTypes,
  truckSearchText,
  usCities,
} from '@dispatch/domain';
import { placeOf } from '@dispatch/places';
import { compileStandingSearches, projections, startProjector } from '@dispatch/projector';
import { collections, type StandingSearch } from '@dispatch/read-models';
import {
  type EventStore,
  newEventId,
  openSqliteDocumentStore,
  openSqliteEventStore,
} from '@dispatch/storage';
import { tempDir } from './fixtures.ts';
import { fmt, percentile, type Row } from './stats.ts';

/**
 * Standing searches: one organization with `searches` saved searches that alert (a mix of trucks and
 * loads boards' filters and radius searches of 50 to 500 miles, 20 per dispatcher), then `events`
 * posting events (posts and edits of trucks and loads). Measured twice: the matching alone (what the
 * projection does per event: every search about that kind of posting tested on the posting after
 * the event, and before it where it matches after), and the projector as a whole, from the first
 * event and live, with and without the standing-search projections (the difference is what alerts
 * cost, notifications written included). Goal: ≤ 1 ms of matching per event.
 */

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    state ^= state >>> 12;
    return (state >>> 0) / 2 ** 32;
  };
}

const OWNERS = 50;
const POSTERS = 10;

function standingSearchForms(count: number, next: () => number) {
  const one = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const some = <T>(values: readonly T[], most: number) => {
    const picked = new Set<T>();
    const size = 1 + Math.floor(next() * most);
    while (picked.size < size) picked.add(one(values));
    return [...picked];
  };
  const forms: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const roll = next();
    const dates = next() < 0.2 ? { startDate: '2026-06-01', dateField: 'availableDate' } : {};
    if (roll < 0.45) {
      // A radius search: trucks (two in three) or loads around one of the cities, mostly 100 to 150
      // miles, nearly always for one trailer type; available trucks only, more often than not.
      const city = one(usCities);
      const loads = next() < 1 / 3;
      forms.push({
        kind: 'radius',
        params: {
          state: city.state,
          city: city.city,
          radius: String(one([50, 75, 100, 100, 150, 150, 200, 250])),
          searchType: loads ? 'loads' : 'trucks',
          ...(loads && next() < 0.3 ? { around: 'destination' } : {}),
          ...(next() < 0.9 ? { trailerType: some(trailerTypes, 1) } : {}),
          ...(!loads && next() < 0.6 ? { status: 'true' } : {}),
          ...(next() < 0.15 ? { direction: some(directions, 3) } : {}),
          ...dates,
        },
      });
    } else if (roll < 0.75) {
      // The trucks board: a trailer type, heading one or two ways, available; now and then a name.
      forms.push({
        kind: 'trucks',
        params: {
          trailerType: some(trailerTypes, 1),
          ...(next() < 0.7 ? { status: 'true' } : {}),
          direction: some(directions, 2),
          ...(next() < 0.1 ? { search: `truck ${Math.floor(next() * 9) + 1}` } : {}),
          ...dates,
        },
      });
    } else {
      // The loads board: a trailer type, a product, often a city or customer.
      forms.push({
        kind: 'loads',
        params: {
          trailerType: some(trailerTypes, 1),
          ...(next() < 0.7 ? { product: some(products, 1) } : {}),
          ...(next() < 0.5 ? { search: one(usCities).city.toLowerCase() } : {}),
          ...(next() < 0.3 ? { direction: some(directions, 2) } : {}),
          ...dates,
        },
      });
    }
  }
  return forms.map((form, i) =>
    savedSearchCreateSchema.parse({
      name: `Search ${i}`,
      alert: { inApp: true, email: next() < 0.2 },
      ...form,
    }),
  );
}

interface PostingEvent {
  type: 'TruckPosted' | 'TruckUpdated' | 'LoadPosted' | 'LoadUpdated';
  stream: string;
  data: Record<string, unknown>;
  actorId: string;
  /** The read model's posting before and after (what the projection tests). */
  before: PostingFacts | null;
  after: PostingFacts;
}

function postingEvents(
  count: number,
  next: () => number,
  owners: string[],
  posters: string[],
): PostingEvent[] {
  const one = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const trucks: { data: Record<string, unknown>; facts: PostingFacts }[] = [];
  const loads: { data: Record<string, unknown>; facts: PostingFacts }[] = [];
  const out: PostingEvent[] = [];
  const at = (i: number) => new Date(Date.UTC(2026, 5, 1) + i * 60_000).toISOString();
  const point = (state: string, city: string) => {
    const place = placeOf(state, city);
    return place ? { latitude: place.latitude, longitude: place.longitude } : null;
  };
  for (let i = 0; i < count; i++) {
    // One posting in twenty is the post of a dispatcher who has saved searches: they are not alerted.
    const actorId = next() < 0.05 ? one(owners) : one(posters);
    const when = at(i);
    const availabilityDate = new Date(Date.UTC(2026, 4, 1 + Math.floor(next() * 90))).toISOString();
    const truck = next() < 0.6;
    const edit = next() < 0.3 && (truck ? trucks : loads).length > 0;
    if (truck && !edit) {
      const id = trucks.length + 1;
      const city = one(usCities);
      const data = {
        truckId: id,
        trailerType: one(trailerTypes),
        truckName: `Truck ${id}`,
        unitNumber: `U-${id}`,
        truckState: city.state,
        truckCity: city.city,
        direction: next() < 0.1 ? null : one(directions),
        status: next() < 0.75,
        availabilityDate,
        dispatcherName: 'Dana Dispatcher',
        dispatcherCountryCode: '+1',
        dispatcherMobileNumber: '3125550100',
        dispatcherEmail: 'dana@example.com',
        companyName: null,
        preferedState: null,
        preferedCity: null,
        notes: null,
      };
      const facts: PostingFacts = {
        ...(data as unknown as PostingFacts),
        createdBy: actorId,
        createdAt: when,
        updatedAt: when,
        searchText: truckSearchText(data),
        location: point(city.state, city.city),
      };
      trucks.push({ data, facts });
      out.push({ type: 'TruckPosted', stream: `truck-${id}`, data, actorId, before: null, after: facts });
    } else if (truck) {
      const index = Math.floor(next() * trucks.length);
      const current = trucks[index] as (typeof trucks)[number];
      const roll = next();
      const city = one(usCities);
      const changes =
        roll < 0.4
          ? { status: !current.facts.status }
          : roll < 0.7
            ? { truckState: city.state, truckCity: city.city }
            : roll < 0.85
              ? { trailerType: one(trailerTypes) }
              : { availabilityDate };
      const facts: PostingFacts = {
        ...current.facts,
        ...changes,
        updatedAt: when,
        ...('truckCity' in changes
          ? {
              location: point(city.state, city.city),
              searchText: truckSearchText({
                ...(current.data as Parameters<typeof truckSearchText>[0]),
                truckState: city.state,
                truckCity: city.city,
              }),
            }
          : {}),
      };
      trucks[index] = { data: { ...current.data, ...changes }, facts };
      out.push({
        type: 'TruckUpdated',
        stream: `truck-${current.data.truckId}`,
        data: { truckId: current.data.truckId, changes },
        actorId,
        before: current.facts,
        after: facts,
      });
    } else if (!edit) {
      const id = loads.length + 1;
      const origin = one(usCities);
      const destination = one(usCities);
      const data = {
        loadId: id,
        trailerType: one(trailerTypes),
        originState: origin.state,
        originCity: origin.city,
        destinationState: destination.state,
        destinationCity: destination.city,
        product: one(products),
        rateForTitan: 3,
        rateForTitanUnit: 'TONS',
        rateForCarrier: null,
        rateForCarrierUnit: 'TONS',
        customerName: `Customer ${id % 300}`,
        customerCountryCode: '+1',
        customerMobileNumber: null,
        customerEmail: null,
        dispatcherName: 'Dana Dispatcher',
        dispatcherCountryCode: '+1',
        dispatcherMobileNumber: '3125550100',
        dispatcherEmail: 'dana@example.com',
        availabilityDate,
        notes: null,
      };
      const facts: PostingFacts = {
        ...(data as unknown as PostingFacts),
        createdBy: actorId,
        createdAt: when,
        updatedAt: when,
        searchText: loadSearchText(data),
        direction: loadDirection(data, (state, city) => point(state, city)),
        origin: point(origin.state, origin.city),
        destination: point(destination.state, destination.city),
      };
      loads.push({ data, facts });
      out.push({ type: 'LoadPosted', stream: `load-${id}`, data, actorId, before: null, after: facts });
    } else {
      const index = Math.floor(next() * loads.length);
      const current = loads[index] as (typeof loads)[number];
      const changes = next() < 0.5 ? { trailerType: one(trailerTypes) } : { product: one(products) };
      const facts: PostingFacts = { ...current.facts, ...changes, updatedAt: when };
      loads[index] = { data: { ...current.data, ...changes }, facts };
      out.push({
        type: 'LoadUpdated',
        stream: `load-${current.data.loadId}`,
        data: { loadId: current.data.loadId, changes },
        actorId,
        before: current.facts,
        after: facts,
      });
    }
  }
  return out;
}

const micro = (ms: number) => `${fmt(ms * 1000, 1)} µs`;

async function appendAll(
  store: EventStore,
  orgId: string,
  searches: StandingSearch[],
  events: PostingEvent[],
): Promise<bigint> {
  let head = 0n;
  const metadata = (actorId: string, occurredAt: string) => ({
    orgId,
    actorId,
    correlationId: newEventId(),
    causationId: null,
    schemaVersion: 1,
    occurredAt,
  });
  for (const search of searches) {
    const { id: savedSearchId, ownerId, since: _since, ...fields } = search;
    head = (
      await store.append(
        savedSearchStream(savedSearchId),
        [
          {
            id: newEventId(),
            type: 'SavedSearchCreated',
            data: { savedSearchId, ownerId, ...fields },
            metadata: metadata(ownerId, '2026-05-31T00:00:00.000Z'),
          },
        ],
        { expected: 'no_stream' },
      )
    ).position;
  }
  for (const event of events) {
    const { updatedAt } = event.after;
    head = (
      await store.append(
        event.stream,
        [
          {
            id: newEventId(),
            type: event.type,
            data: event.data,
            metadata: metadata(event.actorId, updatedAt),
          },
        ],
        { expected: 'any' },
      )
    ).position;
  }
  return head;
}

/** Projects the whole log from position 0 into a fresh read-model file; answers the seconds it took. */
async function catchUp(dir: string, events: EventStore, name: string, withAlerts: boolean) {
  const documents = openSqliteDocumentStore({ path: join(dir, `${name}.sqlite`) });
  const used = withAlerts
    ? projections
    : projections.filter((projection) => !/saved-searches|standing-search/.test(projection.name));
  const head = await events.headPosition();
  const start = performance.now();
  const projector = await startProjector({ eventStore: events, documents, projections: used });
  if (!(await projector.waitFor(head, 600_000))) throw new Error('the projector did not catch up');
  const seconds = (performance.now() - start) / 1000;
  const notifications = withAlerts ? await documents.count(collections.notifications) : 0;
  return { seconds, notifications, projector, documents, used };
}

export async function benchStandingSearches(
  options: { searches?: number; events?: number; live?: number } = {},
): Promise<Row[]> {
  const searchCount = options.searches ?? 1000;
  const eventCount = options.events ?? 20_000;
  const liveCount = options.live ?? 1000;
  const next = random(20_261_121);
  const orgId = randomUUID();
  const owners = Array.from({ length: OWNERS }, (_, i) => `owner-${i}`);
  const posters = Array.from({ length: POSTERS }, (_, i) => `poster-${i}`);
  const searches: StandingSearch[] = standingSearchForms(searchCount, next).map((input, i) => ({
    id: randomUUID(),
    ownerId: owners[i % OWNERS] as string,
    since: '0',
    ...input,
  }));
  const events = postingEvents(eventCount + liveCount, next, owners, posters);
  const label = `standing searches (${fmt(searchCount)} in one organization, ${fmt(eventCount)} posting events)`;
  const rows: Row[] = [];

  // 1. The matching alone, as the projection runs it per event.
  const compileStart = performance.now();
  const compiled = compileStandingSearches(searches);
  const compileMs = performance.now() - compileStart;
  let notifications = 0;
  const match = (event: PostingEvent) => {
    const kind = event.type.startsWith('Truck') ? 'trucks' : 'loads';
    let made = 0;
    for (const search of compiled[kind]) {
      if (search.ownerId === event.actorId) continue;
      if (!search.search.matches(event.after)) continue;
      if (event.before && search.search.matches(event.before)) continue;
      search.search.milesTo(event.after);
      notificationId(search.id, 1n);
      made++;
    }
    return made;
  };
  const measured = events.slice(0, eventCount);
  for (const event of measured.slice(0, 2000)) match(event);
  const times: number[] = [];
  const started = performance.now();
  for (const event of measured) {
    const t = performance.now();
    notifications += match(event);
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  rows.push(
    {
      benchmark: label,
      figure: 'searches compiled (trucks / loads), ms to compile',
      value: `${compiled.trucks.length} / ${compiled.loads.length}, ${fmt(compileMs, 1)} ms`,
    },
    {
      benchmark: label,
      figure: 'matching per event, mean (goal ≤ 1 ms)',
      value: micro(total / measured.length),
    },
    {
      benchmark: label,
      figure: 'matching per event, p50 / p95 / p99 / max',
      value: [50, 95, 99]
        .map((p) => micro(percentile(times, p)))
        .concat(micro(Math.max(...times)))
        .join(' / '),
    },
    {
      benchmark: label,
      figure: 'notifications per event (mean)',
      value: fmt(notifications / measured.length, 2),
    },
  );

  // 2. The projector from the first event, with and without the standing searches' projections.
  const dir = tempDir('standing-searches');
  const store = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
  try {
    await appendAll(store, orgId, searches, measured);
    const appended = Number(await store.headPosition());
    const live = events.slice(eventCount);
    const half = Math.floor(live.length / 2);
    /** Each event appended alone, from its append to its commit (change notices included). */
    const liveRun = async (
      projector: { waitFor(position: bigint, ms: number): Promise<boolean> },
      slice: PostingEvent[],
    ) => {
      const latencies: number[] = [];
      for (const event of slice) {
        const t = performance.now();
        const { position } = await store.append(
          event.stream,
          [
            {
              id: newEventId(),
              type: event.type,
              data: event.data,
              metadata: {
                orgId,
                actorId: event.actorId,
                correlationId: newEventId(),
                causationId: null,
                schemaVersion: 1,
                occurredAt: new Date().toISOString(),
              },
            },
          ],
          { expected: 'any' },
        );
        await projector.waitFor(position, 10_000);
        latencies.push(performance.now() - t);
      }
      return `${fmt(percentile(latencies, 50), 2)} / ${fmt(percentile(latencies, 95), 2)}`;
    };

    const base = await catchUp(dir, store, 'base', false);
    const baseLive = await liveRun(base.projector, live.slice(0, half));
    await base.projector.close();
    await base.documents.close();
    const full = await catchUp(dir, store, 'full', true);
    const fullLive = await liveRun(full.projector, live.slice(half));
    await full.projector.close();
    await full.documents.close();
    // The full run's log holds the base run's live events too: counted per event of each log.
    const baseEvents = appended;
    const fullEvents = appended + half;
    rows.push(
      {
        benchmark: label,
        figure: `projector from the first event: without / with alerts (µs per event)`,
        value: `${micro((base.seconds * 1000) / baseEvents)} / ${micro((full.seconds * 1000) / fullEvents)}`,
      },
      {
        benchmark: label,
        figure: 'projector: alerts cost per event (notifications written included)',
        value: micro((full.seconds * 1000) / fullEvents - (base.seconds * 1000) / baseEvents),
      },
      { benchmark: label, figure: 'projector: notifications written', value: fmt(full.notifications) },
      {
        benchmark: label,
        figure: `live, ${fmt(half)} events each, one at a time: append to commit p50 / p95 (ms), without / with alerts`,
        value: `${baseLive} / ${fullLive}`,
      },
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
