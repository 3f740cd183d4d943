import { matchesQuerySchema } from '@dispatch/domain';
import { pointOfPlace } from '@dispatch/places';
import { collections, loadsCollection, trucksCollection } from '@dispatch/read-models';
import { type DocumentStore, openSqliteDocumentStore, type WriteOperation } from '@dispatch/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadMatches } from './matches.ts';

/**
 * What a load's matches read: the trucks heading to its destination from its own point rank ahead of
 * every truck that goes anywhere, so those on the first page leave the others fewer places to read.
 */
const ORG = 'org-match-reads';
const LOAD = 500;
let store: DocumentStore;
/** The documents each near query of the trucks answered, those going anywhere apart. */
let read: { anywhere: boolean; documents: number; totalCount: number }[];

const truck = (id: number, city: [string, string], preferred: [string, string] | null, day: number) => ({
  op: 'put' as const,
  collection: collections.trucks,
  position: BigInt(id),
  document: {
    id: String(id),
    orgId: ORG,
    trailerType: 'FLATBED',
    status: true,
    truckState: city[0],
    truckCity: city[1],
    preferedState: preferred?.[0] ?? null,
    preferedCity: preferred?.[1] ?? null,
    availabilityDate: `2026-12-${String(day).padStart(2, '0')}`,
    expiresAt: '2099-01-01T00:00:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    location: pointOfPlace(city[0], city[1]),
    destination: preferred ? pointOfPlace(preferred[0], preferred[1]) : null,
  },
});

beforeEach(async () => {
  const documents = openSqliteDocumentStore({ path: ':memory:' });
  for (const definition of [trucksCollection, loadsCollection]) await documents.ensureCollection(definition);
  await documents.write([
    {
      op: 'put',
      collection: collections.loads,
      position: 1n,
      document: {
        id: String(LOAD),
        orgId: ORG,
        trailerType: 'FLATBED',
        originState: 'IL',
        originCity: 'Chicago',
        destinationState: 'TX',
        destinationCity: 'Dallas',
        availabilityDate: '2026-12-20',
        expiresAt: '2099-01-01T00:00:00.000Z',
        origin: pointOfPlace('IL', 'Chicago'),
        destination: pointOfPlace('TX', 'Dallas'),
      },
    },
  ]);
  read = [];
  store = new Proxy(documents, {
    get(target, name) {
      if (name !== 'findNear') {
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return async (collection: string, query: Parameters<DocumentStore['findNear']>[1]) => {
        const page = await target.findNear(collection, query);
        const anywhere = query.filter?.['destination.latitude'] !== undefined;
        read.push({ anywhere, documents: page.matches.length, totalCount: page.totalCount });
        return page;
      };
    },
  });
});
afterEach(() => store.close());

const chicago: [string, string] = ['IL', 'Chicago'];
const joliet: [string, string] = ['IL', 'Joliet'];
const dallas: [string, string] = ['TX', 'Dallas'];

describe("a load's matches", () => {
  it('read no truck going anywhere when trucks heading there from its own point fill the page', async () => {
    const trucks: WriteOperation[] = [];
    for (let id = 1; id <= 25; id++) trucks.push(truck(id, chicago, dallas, 1 + (id % 19)));
    for (let id = 101; id <= 110; id++) trucks.push(truck(id, chicago, null, 19));
    for (let id = 201; id <= 205; id++) trucks.push(truck(id, joliet, null, 19));
    await store.write(trucks);
    const answer = await loadMatches(store, ORG, LOAD, matchesQuerySchema.parse({ limit: 20 }));
    expect(answer.totalCount).toBe(40);
    expect(answer.data).toHaveLength(20);
    expect(answer.data.every((match) => match.headingMiles !== null && match.deadheadMiles === 0)).toBe(true);
    expect(read).toEqual([
      { anywhere: false, documents: 20, totalCount: 25 },
      { anywhere: true, documents: 0, totalCount: 15 },
    ]);
  });

  it('read only the places left by the trucks heading there from its point, and rank as ever', async () => {
    const trucks: WriteOperation[] = [];
    for (let id = 1; id <= 3; id++) trucks.push(truck(id, chicago, dallas, 10 + id));
    trucks.push(truck(4, joliet, dallas, 19));
    for (let id = 101; id <= 110; id++) trucks.push(truck(id, chicago, null, id - 90));
    for (let id = 201; id <= 205; id++) trucks.push(truck(id, joliet, null, 19));
    await store.write(trucks);
    const answer = await loadMatches(store, ORG, LOAD, matchesQuerySchema.parse({ limit: 5 }));
    expect(answer.totalCount).toBe(19);
    // Heading from Chicago (latest availability first), then going anywhere from Chicago.
    expect(answer.data.map((match) => Number(match.truck.id))).toEqual([3, 2, 1, 110, 109]);
    expect(read).toEqual([
      { anywhere: false, documents: 4, totalCount: 4 },
      { anywhere: true, documents: 2, totalCount: 15 },
    ]);
  });
});
