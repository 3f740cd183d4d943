import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ActivityQuery,
  activityQuerySchema,
  loadCreateSchema,
  loadStream,
  organizationStream,
  truckCreateSchema,
  truckStream,
  usCities,
} from '@dispatch/domain';
import { projections, startProjector } from '@dispatch/projector';
import { activityPage } from '@dispatch/query-api';
import {
  type DocumentStore,
  type EventStore,
  type NewEvent,
  newEventId,
  openSqliteDocumentStore,
  openSqliteEventStore,
} from '@dispatch/storage';
import { tempDir } from './fixtures.ts';
import { fmt, percentile, type Row } from './stats.ts';

const DAY_MS = 86_400_000;
const ACTORS = 10;
const agent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** A number from 0 to `range` - 1 that varies with `n` and `trait` independently of its other traits. */
function pick(n: number, trait: number, range: number): number {
  return (Math.imul(n ^ Math.imul(trait, 0x9e3779b9), 0x85ebca6b) >>> 7) % range;
}

interface Writer {
  events: EventStore;
  orgId: string;
  actors: string[];
  /** When the next event happens: the log's events are spread evenly over the last year. */
  at: () => string;
}

function event(writer: Writer, n: number, type: string, data: object): NewEvent {
  return {
    id: newEventId(),
    type,
    data,
    metadata: {
      orgId: writer.orgId,
      actorId: writer.actors[pick(n, 1, writer.actors.length)] as string,
      correlationId: randomUUID(),
      causationId: null,
      schemaVersion: 1,
      occurredAt: writer.at(),
      ip: `198.51.100.${pick(n, 2, 250)}`,
      userAgent: agent,
    },
  };
}

/**
 * One organization's log of about `rows` events, as a busy board writes them: its members joining,
 * then trucks and loads posted, edited (a few fields each) and some removed, by 10 dispatchers.
 * Each posting's life is one append. Returns how many events were written and the actors' ids.
 */
async function generateLog(events: EventStore, orgId: string, rows: number, firstId: number) {
  const actors = Array.from({ length: ACTORS }, () => randomUUID());
  const start = Date.now() - 365 * DAY_MS;
  let written = 0;
  const writer: Writer = {
    events,
    orgId,
    actors,
    at: () => new Date(start + ((written++ + 1) * 365 * DAY_MS) / rows).toISOString(),
  };
  const org = [
    event(writer, 0, 'OrganizationCreated', {
      organizationId: orgId,
      name: 'Bench Activity',
      slug: `bench-${orgId.slice(0, 8)}`,
      timeZone: 'America/Chicago',
      createdBy: actors[0],
    }),
    ...actors.map((userId, i) =>
      event(writer, i, 'MemberAdded', {
        organizationId: orgId,
        memberId: randomUUID(),
        userId,
        role: i === 0 ? 'owner' : 'member',
        email: `dispatcher${i}@bench.example`,
        name: `Dispatcher ${i}`,
      }),
    ),
  ];
  await events.append(organizationStream(orgId), org, { expected: 'no_stream' });
  let n = 0;
  while (written < rows) {
    n++;
    const city = usCities[pick(n, 3, usCities.length)] as { city: string; state: string };
    const other = usCities[pick(n, 4, usCities.length)] as { city: string; state: string };
    const isLoad = pick(n, 5, 3) === 0;
    const id = firstId + n;
    const life: NewEvent[] = [];
    if (isLoad) {
      const posted = loadCreateSchema.parse({
        trailerType: 'FLATBED',
        originState: city.state,
        originCity: city.city,
        destinationState: other.state,
        destinationCity: other.city,
        product: 'HEAVY',
        rateForTitanUnit: 'TONS',
        rateForCarrierUnit: 'TONS',
        customerName: `Customer ${pick(n, 6, 500)}`,
        dispatcherName: 'Bench Dispatcher',
        dispatcherMobileNumber: '3125550100',
        dispatcherEmail: 'bench@example.com',
        availabilityDate: '2026-11-21',
      });
      life.push(event(writer, n, 'LoadPosted', { loadId: id, ...posted }));
      for (let edit = 0; edit < pick(n, 7, 3); edit++)
        life.push(
          event(writer, n + edit, 'LoadUpdated', { loadId: id, changes: { rateForTitan: 2 + edit } }),
        );
      if (pick(n, 8, 5) === 0) life.push(event(writer, n, 'LoadRemoved', { loadId: id }));
      await events.append(loadStream(id), life, { expected: 'no_stream' });
    } else {
      const posted = truckCreateSchema.parse({
        trailerType: 'FLATBED',
        truckName: `Truck ${n}`,
        unitNumber: `U-${n}`,
        truckState: city.state,
        truckCity: city.city,
        availabilityDate: '2026-11-21',
        dispatcherName: 'Bench Dispatcher',
        dispatcherMobileNumber: '3125550100',
        dispatcherEmail: 'bench@example.com',
      });
      life.push(event(writer, n, 'TruckPosted', { truckId: id, ...posted }));
      for (let edit = 0; edit < pick(n, 7, 3); edit++)
        life.push(
          event(writer, n + edit, 'TruckUpdated', {
            truckId: id,
            changes: { status: edit % 2 === 1, truckCity: other.city, truckState: other.state },
          }),
        );
      if (pick(n, 8, 5) === 0) life.push(event(writer, n, 'TruckRemoved', { truckId: id }));
      await events.append(truckStream(id), life, { expected: 'no_stream' });
    }
  }
  return { written, actors, postings: n };
}

/** A query of the activity screen, in the words of its parameters. */
interface Shape {
  name: string;
  group: 'first page' | 'filtered page' | 'text search';
  params: (
    round: number,
    context: { actors: string[]; cursor: string; postings: number },
  ) => Record<string, string>;
}

const shapes: Shape[] = [
  { name: 'first page (50 newest)', group: 'first page', params: () => ({}) },
  { name: 'first page of 100', group: 'first page', params: () => ({ limit: '100' }) },
  {
    name: 'an older page (before a cursor mid-log)',
    group: 'first page',
    params: (_, c) => ({ before: c.cursor }),
  },
  {
    name: 'one actor',
    group: 'filtered page',
    params: (round, c) => ({ actor: c.actors[round % ACTORS] as string }),
  },
  { name: 'kind load', group: 'filtered page', params: () => ({ kind: 'load' }) },
  { name: 'kinds truck + load', group: 'filtered page', params: () => ({ kind: 'truck,load' }) },
  {
    name: 'one truck (kind + subject)',
    group: 'filtered page',
    params: (round, c) => ({ kind: 'truck', subject: String(1_000_000 + 1 + ((round * 7919) % c.postings)) }),
  },
  {
    name: 'one actor, kind truck',
    group: 'filtered page',
    params: (round, c) => ({ actor: c.actors[round % ACTORS] as string, kind: 'truck' }),
  },
  {
    name: 'a week (startDate + endDate)',
    group: 'filtered page',
    params: () => {
      const end = Date.now() - 30 * DAY_MS;
      return { startDate: new Date(end - 7 * DAY_MS).toISOString(), endDate: new Date(end).toISOString() };
    },
  },
  {
    name: 'the last 11 months (startDate)',
    group: 'filtered page',
    params: () => ({ startDate: new Date(Date.now() - 335 * DAY_MS).toISOString() }),
  },
  {
    name: 'text: a unit number',
    group: 'text search',
    params: (round) => ({ text: `u-${1000 + round * 37}` }),
  },
  {
    name: 'text: a city',
    group: 'text search',
    params: (round) => ({ text: (usCities[(round * 101) % usCities.length] as { city: string }).city }),
  },
];

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** The activity log's page (the query API's own code, below HTTP and the session check). */
async function benchQueries(
  documents: DocumentStore,
  orgId: string,
  context: { actors: string[]; cursor: string; postings: number },
  label: string,
  rounds: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  const groups = new Map<Shape['group'], number[]>();
  for (const shape of shapes) {
    const samples: number[] = [];
    for (let round = -3; round < rounds; round++) {
      const query: ActivityQuery = activityQuerySchema.parse(shape.params(Math.max(0, round), context));
      const ms = await timed(() => activityPage(documents, orgId, query));
      if (round >= 0) samples.push(ms);
    }
    groups.set(shape.group, [...(groups.get(shape.group) ?? []), ...samples]);
    rows.push({
      benchmark: `activity log, ${label}: ${shape.name}`,
      figure: 'p50 / p95 ms',
      value: `${fmt(percentile(samples, 50), 2)} / ${fmt(percentile(samples, 95), 2)}`,
    });
  }
  for (const [group, samples] of groups) {
    rows.push({
      benchmark: `activity log, ${label}: ${group}`,
      figure: 'p95 ms (goal ≤ 10)',
      value: fmt(percentile(samples, 95), 2),
    });
  }
  return rows;
}

/**
 * The activity log at scale, on the embedded store: an organization with about `rows` entries (its
 * trucks' and loads' lives over a year, by 10 dispatchers) beside another with a tenth as many,
 * written through the event store; the projector builds every read model from position 0, then the
 * log's first page and its filtered pages are timed.
 */
export async function benchActivityQueries(options: { rows?: number; rounds?: number } = {}): Promise<Row[]> {
  const total = options.rows ?? 100_000;
  const rounds = options.rounds ?? 60;
  const dir = tempDir('activity');
  const log = (line: string) => console.error(line);
  const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
  const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
  try {
    let started = performance.now();
    const orgId = randomUUID();
    const big = await generateLog(events, orgId, total, 1_000_000);
    const small = await generateLog(events, randomUUID(), Math.round(total / 10), 100_000_000);
    const appended = big.written + small.written;
    log(`  appended ${fmt(appended)} events in ${fmt((performance.now() - started) / 1000, 1)} s`);

    started = performance.now();
    const projector = await startProjector({ eventStore: events, documents, projections });
    if (!(await projector.waitFor(await events.headPosition(), 600_000)))
      throw new Error('the projector did not catch up');
    await projector.close();
    const projectSeconds = (performance.now() - started) / 1000;
    log(`  projected them in ${fmt(projectSeconds, 1)} s; querying`);

    // A cursor halfway down the big organization's log.
    const middle = await activityPage(
      documents,
      orgId,
      activityQuerySchema.parse({ limit: '1', before: undefined }),
    );
    const newest = BigInt(middle.data[0]?.position ?? '1');
    const cursor = (newest / 2n).toString();
    const label = `${fmt(big.written)} entries`;
    return [
      {
        benchmark: `activity log: projector build of every read model (${fmt(appended)} events)`,
        figure: 'events/s',
        value: fmt(appended / projectSeconds),
      },
      ...(await benchQueries(
        documents,
        orgId,
        { actors: big.actors, cursor, postings: big.postings },
        label,
        rounds,
      )),
    ];
  } finally {
    await documents.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
