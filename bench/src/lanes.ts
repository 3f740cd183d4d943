import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  directions,
  laneSearchQuerySchema,
  matchesQuerySchema,
  products,
  trailerTypes,
  usCities,
} from '@dispatch/domain';
import { pointOfPlace } from '@dispatch/places';
import { laneSearch, loadMatches } from '@dispatch/query-api';
import { collections, loadsCollection, trucksCollection } from '@dispatch/read-models';
import { openSqliteDocumentStore, type WriteOperation } from '@dispatch/storage';
import { tempDir } from './fixtures.ts';
import { fmt, percentile, type Row } from './stats.ts';

const DAY_MS = 86_400_000;

/** The main thread's CPU time a call took, in milliseconds (user and system), beside its wall clock. */
async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number; cpuMs: number }> {
  const cpu = process.threadCpuUsage();
  const begin = performance.now();
  const answer = await call();
  const ms = performance.now() - begin;
  const spent = process.threadCpuUsage(cpu);
  return { answer, ms, cpuMs: (spent.user + spent.system) / 1000 };
}

/** The mean (the CPU clock ticks in steps of a few milliseconds, so a query's own figure is coarse). */
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** A number from 0 to `range` - 1 that varies with the posting and `trait` independently (see board-data.ts). */
function pick(id: number, trait: number, range: number): number {
  return (Math.imul(id ^ Math.imul(trait, 0x9e3779b9), 0x85ebca6b) >>> 7) % range;
}

const cityOf = (index: number) =>
  usCities[index % usCities.length] ?? (usCities[0] as (typeof usCities)[number]);
const dayFrom = (start: number, days: number) => new Date(start + days * DAY_MS).toISOString();

/** The lanes the searches ask about, one a round: busy and quiet parts of the board. */
const lanes = [
  [
    ['IL', 'Chicago'],
    ['TX', 'Dallas'],
  ],
  [
    ['GA', 'Atlanta'],
    ['CO', 'Denver'],
  ],
  [
    ['TX', 'Dallas'],
    ['IL', 'Chicago'],
  ],
  [
    ['CA', 'Fresno'],
    ['NY', 'Buffalo'],
  ],
  [['CO', 'Denver'], null],
  [
    ['NY', 'Buffalo'],
    ['GA', 'Atlanta'],
  ],
] as const;

/**
 * `npm run bench -- lanes`: the lane search and the matches of one load on a board of `trucks` trucks
 * and `loads` loads of one organization (and a second organization's tenth as many beside it), the
 * trucks and loads lists written as the projector writes them. Trucks stand in the cities of the
 * generated boards; two in three name a preferred destination, loads have both ends. Timed below
 * HTTP, through the query API's own code; p50 and p95 of each.
 */
export async function benchLanes(
  options: { trucks?: number; loads?: number; rounds?: number } = {},
): Promise<Row[]> {
  const trucks = options.trucks ?? 1_000_000;
  const loads = options.loads ?? 200_000;
  const rounds = options.rounds ?? 60;
  const log = (line: string) => console.error(line);
  const dir = tempDir('lanes');
  const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
  try {
    for (const definition of [trucksCollection, loadsCollection])
      await documents.ensureCollection(definition, { deferIndexes: true });
    const orgId = randomUUID();
    const other = randomUUID();
    const start = Date.now() - 10 * DAY_MS;
    const now = new Date().toISOString();
    const started = performance.now();
    let batch: WriteOperation[] = [];
    const flush = async () => {
      if (batch.length) await documents.write(batch);
      batch = [];
    };
    const truckTotal = trucks + trucks / 10;
    for (let id = 1; id <= truckTotal; id++) {
      const city = cityOf(id);
      const preferred = pick(id, 5, 3) === 0 ? null : cityOf(pick(id, 6, usCities.length));
      batch.push({
        op: 'put',
        collection: collections.trucks,
        position: BigInt(id),
        document: {
          id: String(id),
          orgId: id <= trucks ? orgId : other,
          trailerType: trailerTypes[pick(id, 1, trailerTypes.length)],
          companyName: `Carrier ${id % 700}`,
          unitNumber: `U-${id}`,
          truckName: `Truck ${id}`,
          truckState: city.state,
          truckCity: city.city,
          preferedState: preferred?.state ?? null,
          preferedCity: preferred?.city ?? null,
          direction: directions[pick(id, 2, directions.length)],
          status: pick(id, 3, 4) !== 0,
          availabilityDate: dayFrom(start, pick(id, 4, 30)),
          // Each leaves the board within the next eight days, as the projector writes it (postingExpiry).
          expiresAt: dayFrom(Date.now(), 1 + pick(id, 8, 7)),
          dispatcherName: 'Dana Dispatcher',
          createdBy: 'bench',
          createdAt: now,
          updatedAt: now,
          searchText: `truck ${id}`,
          location: pointOfPlace(city.state, city.city),
          destination: preferred ? pointOfPlace(preferred.state, preferred.city) : null,
        },
      });
      if (batch.length >= 10_000) await flush();
    }
    const loadTotal = loads + loads / 10;
    for (let index = 1; index <= loadTotal; index++) {
      const id = 20_000_000 + index;
      const origin = cityOf(index);
      const destination = cityOf(pick(index, 6, usCities.length));
      batch.push({
        op: 'put',
        collection: collections.loads,
        position: BigInt(id),
        document: {
          id: String(id),
          orgId: index <= loads ? orgId : other,
          trailerType: trailerTypes[pick(index, 1, trailerTypes.length)],
          product: products[pick(index, 4, products.length)],
          originState: origin.state,
          originCity: origin.city,
          destinationState: destination.state,
          destinationCity: destination.city,
          customerName: `Customer ${index % 900}`,
          availabilityDate: dayFrom(start, pick(index, 7, 30)),
          expiresAt: dayFrom(Date.now(), 1 + pick(index, 8, 7)),
          createdBy: 'bench',
          createdAt: now,
          updatedAt: now,
          searchText: `customer ${index}`,
          direction: null,
          origin: pointOfPlace(origin.state, origin.city),
          destination: pointOfPlace(destination.state, destination.city),
        },
      });
      if (batch.length >= 10_000) await flush();
    }
    await flush();
    for (const definition of [trucksCollection, loadsCollection])
      await documents.createIndexes(definition.name);
    log(
      `  wrote ${truckTotal.toLocaleString()} trucks and ${loadTotal.toLocaleString()} loads in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    const rows: Row[] = [];
    const label = `${trucks.toLocaleString('en-US')} trucks, ${loads.toLocaleString('en-US')} loads`;
    for (const searchType of ['trucks', 'loads'] as const) {
      for (const anywhere of [false, true]) {
        const samples: number[] = [];
        const cpu: number[] = [];
        let found = 0;
        for (let round = -3; round < rounds; round++) {
          const [[originState, originCity], to] = lanes[
            Math.abs(round) % lanes.length
          ] as (typeof lanes)[number];
          const destination = anywhere || !to ? {} : { destinationState: to[0], destinationCity: to[1] };
          const query = laneSearchQuerySchema.parse({ searchType, originState, originCity, ...destination });
          const { answer, ms, cpuMs } = await timed(() => laneSearch(documents, orgId, query));
          if (round >= 0) samples.push(ms);
          if (round >= 0) cpu.push(cpuMs);
          found = Math.max(found, answer.totalCount);
        }
        rows.push({
          benchmark: `lane search, ${label}: ${searchType}, 100 miles ${anywhere ? 'to anywhere' : 'to 100 miles of a city'}, first page (up to ${fmt(found)} found)`,
          figure: 'p50 / p95 ms; main thread CPU mean ms',
          value: `${fmt(percentile(samples, 50), 2)} / ${fmt(percentile(samples, 95), 2)}; ${fmt(mean(cpu), 2)}`,
        });
      }
    }
    const samples: number[] = [];
    const cpu: number[] = [];
    let found = 0;
    const query = matchesQuerySchema.parse({});
    for (let round = -3; round < rounds; round++) {
      // Loads of the organization in turn, across its cities.
      const loadId = 20_000_000 + 1 + ((Math.abs(round) * 7919) % loads);
      const { answer, ms, cpuMs } = await timed(() => loadMatches(documents, orgId, loadId, query));
      if (round >= 0) samples.push(ms);
      if (round >= 0) cpu.push(cpuMs);
      found = Math.max(found, answer.totalCount);
    }
    rows.push({
      benchmark: `matches of one load, ${label}: 150 miles of deadhead, best 20 (up to ${fmt(found)} trucks fit)`,
      figure: 'p50 / p95 ms; main thread CPU mean ms',
      value: `${fmt(percentile(samples, 50), 2)} / ${fmt(percentile(samples, 95), 2)}; ${fmt(mean(cpu), 2)}`,
    });
    return rows;
  } finally {
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
