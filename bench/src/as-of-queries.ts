import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { truckCreateSchema, truckListQuerySchema, truckStream } from '@dispatch/domain';
import { projections, startProjector } from '@dispatch/projector';
import { trucksPage } from '@dispatch/query-api';
import {
  type EventStore,
  type NewEvent,
  newEventId,
  openSqliteDocumentStore,
  openSqliteEventStore,
} from '@dispatch/storage';
import { tempDir, truckBody } from './fixtures.ts';
import { fmt, percentile, type Row } from './stats.ts';

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 30;

/**
 * One organization's trucks with `versions` versions each over the last 30 days: posted on a day of
 * the first week, then edited (availability flipped, notes rewritten) at times spread to today.
 */
export async function generateHistory(events: EventStore, trucks: number, versions: number) {
  const orgId = randomUUID();
  const start = Date.now() - HISTORY_DAYS * DAY_MS;
  let appended = 0;
  for (let truckId = 1; truckId <= trucks; truckId++) {
    const posted = start + ((truckId * 7919) % (7 * DAY_MS));
    const step = (Date.now() - posted) / versions;
    const at = (n: number) =>
      new Date(posted + n * step + ((truckId * 31 + n * 997) % 3_600_000)).toISOString();
    const metadata = (n: number) => ({
      orgId,
      actorId: `bench-dispatcher-${truckId % 8}`,
      correlationId: newEventId(),
      causationId: null,
      schemaVersion: 1,
      occurredAt: at(n),
    });
    const batch: NewEvent[] = [
      {
        id: newEventId(),
        type: 'TruckPosted',
        // Availability dates spread over the month, as a board's are.
        data: {
          truckId,
          ...truckCreateSchema.parse({
            ...truckBody(truckId),
            availabilityDate: new Date(start + (truckId % HISTORY_DAYS) * DAY_MS).toISOString().slice(0, 10),
          }),
        },
        metadata: metadata(0),
      },
    ];
    for (let n = 1; n < versions; n++) {
      batch.push({
        id: newEventId(),
        type: 'TruckUpdated',
        data: { truckId, changes: { status: n % 2 === 0, notes: `rate check ${n}` } },
        metadata: metadata(n),
      });
    }
    await events.append(truckStream(truckId), batch, { expected: 'no_stream' });
    appended += batch.length;
  }
  return { orgId, appended };
}

interface Shape {
  name: string;
  params: Record<string, string>;
}

const shapes: Shape[] = [
  { name: 'default page', params: {} },
  { name: 'page 5', params: { page: '5' } },
  { name: 'available only', params: { status: 'true' } },
  { name: 'oldest created first', params: { orderBy: 'createdAt', sort: 'asc' } },
];

/**
 * The board as of a moment at scale, on the embedded store: `trucks` trucks with `versions` versions
 * each (1M events at the defaults) built by the lists and their versions from position 0, then the
 * trucks list asked as of moments 3, 15 and 27 days ago (the query API's own code, below HTTP).
 */
export async function benchAsOfQueries(
  options: { trucks?: number; versions?: number; rounds?: number } = {},
) {
  const trucks = options.trucks ?? 100_000;
  const versions = options.versions ?? 10;
  const rounds = options.rounds ?? 30;
  const dir = tempDir('as-of');
  const log = (line: string) => console.error(line);
  const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
  const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
  try {
    let started = performance.now();
    const { orgId, appended } = await generateHistory(events, trucks, versions);
    log(`  appended ${fmt(appended)} events in ${fmt((performance.now() - started) / 1000, 1)} s`);
    started = performance.now();
    const used = projections.filter((projection) =>
      ['board-counters', 'trucks', 'organizations'].includes(projection.name),
    );
    const projector = await startProjector({ eventStore: events, documents, projections: used });
    if (!(await projector.waitFor(await events.headPosition(), 900_000)))
      throw new Error('the projector did not catch up');
    await projector.close();
    const projectSeconds = (performance.now() - started) / 1000;
    log(`  projected the trucks and their versions in ${fmt(projectSeconds, 1)} s; querying`);

    const rows: Row[] = [
      {
        benchmark: `as-of, ${fmt(trucks)} trucks with ${fmt(appended)} events: projector build of the list and its versions`,
        figure: 'events/s',
        value: fmt(appended / projectSeconds),
      },
    ];
    const all: number[] = [];
    const byShape = new Map<string, number[]>();
    for (const daysAgo of [3, 15, 27]) {
      const at = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
      const samples: number[] = [];
      for (const shape of shapes) {
        for (let round = -2; round < rounds; round++) {
          const query = truckListQuerySchema.parse({ ...shape.params, asOf: at });
          const begin = performance.now();
          await trucksPage(documents, orgId, 'America/Chicago', query, new Date(), { at, position: null });
          if (round >= 0) {
            samples.push(performance.now() - begin);
            byShape.set(shape.name, [...(byShape.get(shape.name) ?? []), performance.now() - begin]);
          }
        }
      }
      all.push(...samples);
      rows.push({
        benchmark: `as-of trucks list, ${fmt(trucks)} trucks: as of ${daysAgo} days ago (${shapes.map((s) => s.name).join(', ')})`,
        figure: 'p50 / p95 ms',
        value: `${fmt(percentile(samples, 50), 2)} / ${fmt(percentile(samples, 95), 2)}`,
      });
    }
    for (const [name, samples] of byShape) {
      rows.push({
        benchmark: `as-of trucks list, ${fmt(trucks)} trucks: ${name} (3, 15 and 27 days ago)`,
        figure: 'p50 / p95 ms',
        value: `${fmt(percentile(samples, 50), 2)} / ${fmt(percentile(samples, 95), 2)}`,
      });
    }
    rows.push({
      benchmark: `as-of trucks list, ${fmt(trucks)} trucks with ${fmt(appended)} events of history`,
      figure: 'p95 ms (goal ≤ 20)',
      value: fmt(percentile(all, 95), 2),
    });
    return rows;
  } finally {
    await documents.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
