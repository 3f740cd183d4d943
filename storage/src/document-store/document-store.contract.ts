import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CollectionDefinition, Document, DocumentStore, Query, WriteOperation } from './port.ts';

/** A name of its own for every test, so the suite can run against a shared database. */
function collectionName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

type Truck = [
  id: string,
  name: string,
  capacityKg: number,
  active: boolean,
  registeredAt: string,
  rating: number | null | undefined,
  city: string,
  depot: string | null | undefined,
];

// undefined: the field is absent from the document, which queries treat like null.
const trucks: Truck[] = [
  ['t01', 'Atlas', 12000, true, '2024-01-15T08:00:00.000Z', 4.5, 'Lyon', 'north'],
  ['t02', 'Boreas', 18000, false, '2024-02-01T09:30:00.000Z', 3, 'Paris', 'south'],
  ['t03', 'Cyclone 100%', 12000, true, '2024-02-10T10:00:00.000Z', null, 'Lyon', null],
  ['t04', 'Dune_runner', 7500, true, '2023-11-20T07:45:00.000Z', 5, 'Marseille', 'north'],
  ['t05', 'Echo', 26000, false, '2024-03-05T12:00:00.000Z', 2.5, 'Paris', undefined],
  ['t06', 'FALCON', 18000, true, '2024-03-05T12:00:00.000Z', 4, 'Lille', 'east'],
  ['t07', 'Gale', 3500, true, '2022-06-30T16:20:00.000Z', undefined, 'Lyon', 'north'],
  ['t08', 'harbor', 12000, false, '2024-04-01T00:00:00.000Z', 3.5, 'Nantes', 'west'],
  ['t09', 'Icebreaker', 40000, true, '2021-12-31T23:59:59.000Z', 4.5, 'Marseille', 'south'],
  ['t10', 'Jolly 50% off', 7500, false, '2024-04-15T06:00:00.000Z', 1, 'Lille', null],
  ['t11', 'Kestrel', 26000, true, '2023-05-05T05:05:05.000Z', 4, 'Paris', 'east'],
  ['t12', 'Lynx', 12000, true, '2024-05-20T14:00:00.000Z', 3, 'Nantes', 'west'],
  ['t13', 'Mistral', 18000, false, '2023-08-08T08:08:08.000Z', null, 'Marseille', 'south'],
  ['t14', 'Nomad', 3500, true, '2024-06-01T10:00:00.000Z', 2, 'Lyon', 'north'],
  ['t15', 'Orca', 40000, false, '2022-01-01T00:00:00.000Z', 5, 'Paris', undefined],
  ['t16', 'Pampero', 7500, true, '2024-06-15T11:11:11.000Z', 3.5, 'Lille', 'east'],
  ['t17', 'Quasar', 12000, true, '2023-02-14T09:00:00.000Z', 4, 'Marseille', null],
  ['t18', 'Rover_1', 18000, true, '2024-07-04T04:00:00.000Z', 2.5, 'Nantes', 'west'],
  ['t19', 'Sirocco', 26000, false, '2023-10-10T10:10:10.000Z', 3, 'Lyon', 'south'],
  ['t20', 'Tempest', 3500, true, '2024-08-08T08:00:00.000Z', 4.5, 'Paris', 'north'],
  ['t21', 'Ursa', 12000, false, '2024-09-09T09:09:09.000Z', 1.5, 'Lille', 'east'],
  ['t22', 'Vortex', 40000, true, '2024-10-10T10:00:00.000Z', 5, 'Nantes', 'west'],
  ['t23', 'Whirlwind', 7500, false, '2022-12-12T12:00:00.000Z', 2, 'Marseille', 'south'],
  ['t24', 'Xenon', 18000, true, '2024-11-11T11:00:00.000Z', 3.5, 'Lyon', null],
  ['t25', 'Yukon', 26000, true, '2023-03-03T03:03:03.000Z', 4, 'Paris', 'north'],
  ['t26', 'Zephyr', 3500, false, '2024-12-24T18:00:00.000Z', null, 'Lille', 'east'],
  ['t27', 'atlas junior', 12000, true, '2025-01-05T08:00:00.000Z', 3, 'Lyon', 'north'],
  ['t28', 'Big Atlas', 26000, true, '2025-01-20T08:00:00.000Z', 4, 'Marseille', 'south'],
  ['t29', '100_percent', 7500, true, '2025-02-01T08:00:00.000Z', 2.5, 'Nantes', 'west'],
  ['t30', 'Plain100xpercent', 3500, false, '2025-02-02T08:00:00.000Z', 1, 'Paris', 'north'],
];

function truckDocument([id, name, capacityKg, active, registeredAt, rating, city, depot]: Truck) {
  return {
    id,
    name,
    capacityKg,
    active,
    registeredAt,
    ...(rating === undefined ? {} : { rating }),
    location: { city, country: 'FR' },
    ...(depot === undefined ? {} : { depot }),
    tags: ['fleet'],
  };
}

function truckCollection(): CollectionDefinition {
  return {
    name: collectionName('trucks'),
    fields: {
      name: 'text',
      capacityKg: 'number',
      active: 'boolean',
      registeredAt: 'date',
      rating: 'number',
      'location.city': 'text',
      depot: 'text',
    },
    indexes: [
      ['active', 'capacityKg'],
      ['location.city', 'name'],
    ],
  };
}

/** The behaviour every document store adapter must have; a spec per adapter runs it. */
export function documentStoreContract(
  name: string,
  open: () => Promise<DocumentStore> | DocumentStore,
  cleanup?: () => Promise<void> | void,
): void {
  describe(`${name}: document store contract`, () => {
    let store: DocumentStore;
    const created: string[] = [];

    async function ensure(definition: CollectionDefinition): Promise<string> {
      await store.ensureCollection(definition);
      created.push(definition.name);
      return definition.name;
    }

    beforeEach(async () => {
      store = await open();
    });

    afterEach(async () => {
      for (const collection of created.splice(0)) await store.dropCollection(collection);
      await store.close();
      await cleanup?.();
    });

    describe('collections and writes', () => {
      it('ensures a collection idempotently, keeping its documents', async () => {
        const definition = truckCollection();
        const collection = await ensure(definition);
        await store.write([{ op: 'put', collection, document: { id: 'a', name: 'Atlas' }, position: 1n }]);
        await store.ensureCollection(definition);

        expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'Atlas', position: '1' });
      });

      it('queries a field declared after documents were written', async () => {
        const definition: CollectionDefinition = {
          name: collectionName('members'),
          fields: { name: 'text' },
        };
        const collection = await ensure(definition);
        await store.write([
          { op: 'put', collection, document: { id: 'a', name: 'Ann', role: 'admin' }, position: 1n },
          { op: 'put', collection, document: { id: 'b', name: 'Bob', role: 'driver' }, position: 2n },
        ]);
        await store.ensureCollection({ ...definition, fields: { ...definition.fields, role: 'text' } });

        const found = await store.find(collection, { filter: { role: { eq: 'driver' } } });
        expect(found.map((document) => document.id)).toEqual(['b']);
      });

      it('answers the same queries with only the declared compound indexes', async () => {
        const collection = await ensure({ ...truckCollection(), indexEachField: false });
        await store.write(
          trucks.map((truck, i) => ({
            op: 'put' as const,
            collection,
            document: truckDocument(truck),
            position: BigInt(i + 1),
          })),
        );
        const found = await store.find(collection, {
          filter: { active: { eq: true }, 'location.city': { in: ['Lyon', 'Paris'] } },
          sort: [{ field: 'capacityKg', direction: 'desc' }],
          limit: 3,
        });
        expect(found.map((document) => document.id)).toEqual(['t11', 't25', 't24']);
        expect(
          await store.count(collection, { name: { contains: 'atlas' }, capacityKg: { gt: 12000 } }),
        ).toBe(1);
      });

      it('loads a collection with its indexes deferred, then creates them, answering the same', async () => {
        const definition = truckCollection();
        await store.ensureCollection(definition, { deferIndexes: true });
        created.push(definition.name);
        const collection = definition.name;
        await store.write(
          trucks.map((truck, i) => ({
            op: 'put' as const,
            collection,
            document: truckDocument(truck),
            position: BigInt(i + 1),
          })),
        );
        const query = {
          filter: { active: { eq: true }, 'location.city': { in: ['Lyon', 'Paris'] } },
          sort: [{ field: 'capacityKg', direction: 'desc' as const }],
          limit: 3,
        };
        expect((await store.find(collection, query)).map((document) => document.id)).toEqual([
          't11',
          't25',
          't24',
        ]);
        await store.createIndexes(collection);
        await store.createIndexes(collection);
        await store.ensureCollection(definition);
        expect((await store.find(collection, query)).map((document) => document.id)).toEqual([
          't11',
          't25',
          't24',
        ]);
        expect(
          await store.count(collection, { name: { contains: 'atlas' }, capacityKg: { gt: 12000 } }),
        ).toBe(1);
        await expect(store.createIndexes(collectionName('never_ensured'))).rejects.toThrow();
      });

      it('puts and gets a document with the position as a decimal string', async () => {
        const collection = await ensure(truckCollection());
        const document = truckDocument(trucks[0]!);
        await store.write([{ op: 'put', collection, document, position: 9_007_199_254_740_993n }]);

        expect(await store.get(collection, 't01')).toEqual({ ...document, position: '9007199254740993' });
        expect(await store.get(collection, 'missing')).toBeNull();
      });

      it('ignores a put at or below the stored position and applies one above', async () => {
        const collection = await ensure(truckCollection());
        await store.write([{ op: 'put', collection, document: { id: 'a', name: 'v10' }, position: 10n }]);
        await store.write([{ op: 'put', collection, document: { id: 'a', name: 'same' }, position: 10n }]);
        await store.write([{ op: 'put', collection, document: { id: 'a', name: 'older' }, position: 9n }]);
        expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'v10', position: '10' });

        await store.write([{ op: 'put', collection, document: { id: 'a', name: 'v11' }, position: 11n }]);
        expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'v11', position: '11' });
      });

      it('ignores a delete at or below the stored position and applies one above', async () => {
        const collection = await ensure(truckCollection());
        await store.write([{ op: 'put', collection, document: { id: 'a', name: 'Atlas' }, position: 10n }]);
        await store.write([{ op: 'delete', collection, id: 'a', position: 10n }]);
        await store.write([{ op: 'delete', collection, id: 'a', position: 3n }]);
        expect(await store.get(collection, 'a')).not.toBeNull();

        await store.write([{ op: 'delete', collection, id: 'a', position: 11n }]);
        expect(await store.get(collection, 'a')).toBeNull();
        await store.write([{ op: 'delete', collection, id: 'never-there', position: 12n }]);
      });

      it('creates a document on increment from its insert fields with counters from zero', async () => {
        const collection = await ensure(truckCollection());
        await store.write([
          {
            op: 'increment',
            collection,
            id: 'stats',
            insert: { orgId: 'org-1', label: 'Deliveries' },
            by: { loads: 2, km: 150.5, 'totals.stops': 3 },
            position: 5n,
          },
        ]);

        expect(await store.get(collection, 'stats')).toEqual({
          id: 'stats',
          orgId: 'org-1',
          label: 'Deliveries',
          loads: 2,
          km: 150.5,
          totals: { stops: 3 },
          position: '5',
        });
      });

      it('ignores an increment at or below the stored position and applies one above', async () => {
        const collection = await ensure(truckCollection());
        const increment = (by: Record<string, number>, position: bigint) =>
          store.write([{ op: 'increment', collection, id: 'stats', insert: { label: 'x' }, by, position }]);
        await increment({ loads: 1 }, 5n);
        await increment({ loads: 1 }, 5n);
        await increment({ loads: 1 }, 4n);
        expect(await store.get(collection, 'stats')).toMatchObject({ loads: 1, position: '5' });

        await increment({ loads: 2, trips: 1 }, 6n);
        expect(await store.get(collection, 'stats')).toEqual({
          id: 'stats',
          label: 'x',
          loads: 3,
          trips: 1,
          position: '6',
        });
      });

      it('applies a batch in order', async () => {
        const collection = await ensure(truckCollection());
        await store.write([
          { op: 'put', collection, document: { id: 'a', name: 'Atlas', loads: 0 }, position: 1n },
          { op: 'increment', collection, id: 'a', insert: {}, by: { loads: 4 }, position: 2n },
          { op: 'put', collection, document: { id: 'b', name: 'Boreas' }, position: 2n },
          { op: 'delete', collection, id: 'b', position: 3n },
        ]);

        expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'Atlas', loads: 4, position: '2' });
        expect(await store.get(collection, 'b')).toBeNull();
      });

      it('applies nothing of a batch that fails part way', async () => {
        const collection = await ensure(truckCollection());
        await store.write([
          { op: 'put', collection, document: { id: 'kept', name: 'before' }, position: 1n },
        ]);

        const failing = store.write([
          { op: 'put', collection, document: { id: 'kept', name: 'after' }, position: 2n },
          { op: 'put', collection, document: { id: 'new', name: 'New' }, position: 2n },
          { op: 'put', collection: collectionName('never_ensured'), document: { id: 'x' }, position: 2n },
          { op: 'delete', collection, id: 'kept', position: 3n },
        ]);

        await expect(failing).rejects.toThrow(/never_ensured/);
        expect(await store.get(collection, 'kept')).toEqual({ id: 'kept', name: 'before', position: '1' });
        expect(await store.get(collection, 'new')).toBeNull();
      });

      it('rejects invalid collection names and undeclared collections', async () => {
        await expect(store.ensureCollection({ name: 'Trucks', fields: {} })).rejects.toThrow();
        await expect(store.ensureCollection({ name: 'trucks; drop', fields: {} })).rejects.toThrow();
        await expect(
          store.ensureCollection({ name: 'trucks', fields: { "a') --": 'text' } }),
        ).rejects.toThrow();
        await expect(store.find(collectionName('never_ensured'), {})).rejects.toThrow();
      });

      it('puts a collection built beside another in its place, with the operations, in one switch', async () => {
        const served = await ensure({ ...truckCollection(), indexes: [['active', 'name']] });
        const built = { ...truckCollection(), indexes: [['active', 'name']] };
        await store.ensureCollection(built, { deferIndexes: true });
        const checkpoints = await ensure({ name: collectionName('checkpoints'), fields: {} });
        await store.write([
          { op: 'put', collection: served, document: { id: 'old', name: 'Old', active: true }, position: 5n },
          {
            op: 'put',
            collection: built.name,
            document: { id: 'a', name: 'Atlas', active: true },
            position: 4n,
          },
          {
            op: 'put',
            collection: built.name,
            document: { id: 'b', name: 'Borealis', active: false },
            position: 6n,
          },
          { op: 'put', collection: checkpoints, document: { id: 'live' }, position: 5n },
        ]);
        await store.createIndexes(built.name);

        await store.replaceCollections(
          [{ target: served, source: built.name }],
          [{ op: 'put', collection: checkpoints, document: { id: 'live' }, position: 6n }],
        );

        expect(await store.get(served, 'old')).toBeNull();
        expect(await store.find(served, { filter: { active: { eq: true } } })).toEqual([
          { id: 'a', name: 'Atlas', active: true, position: '4' },
        ]);
        expect((await store.get(checkpoints, 'live'))?.position).toBe('6');
        await expect(store.get(built.name, 'a')).rejects.toThrow();
        // Ensuring the served collection again keeps what it now holds.
        await store.ensureCollection({ ...truckCollection(), name: served, indexes: [['active', 'name']] });
        expect(await store.count(served)).toBe(2);
        await store.write([{ op: 'delete', collection: served, id: 'b', position: 7n }]);
        expect(await store.count(served)).toBe(1);
      });

      it('answers contains through a declared text index as it does without one', async () => {
        const indexed = { ...truckCollection(), textIndex: ['name', 'depot'] };
        await store.ensureCollection(indexed, { deferIndexes: true });
        created.push(indexed.name);
        const plain = await ensure(truckCollection());
        const both = async (operations: WriteOperation[]) => {
          await store.write(operations.map((operation) => ({ ...operation, collection: indexed.name })));
          await store.write(operations.map((operation) => ({ ...operation, collection: plain })));
        };
        await both([
          ...trucks.map((truck) => ({
            op: 'put' as const,
            collection: '',
            document: truckDocument(truck),
            position: 1n,
          })),
          { op: 'put', collection: '', document: { id: 'q1', name: 'Say "hi" now' }, position: 1n },
          { op: 'put', collection: '', document: { id: 'q2', name: 'Écho Süd' }, position: 1n },
        ]);
        await store.createIndexes(indexed.name);
        const needles = [
          'atlas',
          'ATLAS J',
          'tlas',
          '100%',
          '0%',
          '_',
          '100_p',
          '.*',
          'at',
          'x',
          '"hi"',
          'süd',
        ];
        const same = async () => {
          for (const needle of [...needles, 'north', 'renamed']) {
            const query = { filter: { name: { contains: needle } } };
            const found = (await store.find(indexed.name, query)).map((document) => document.id);
            expect(found, needle).toEqual((await store.find(plain, query)).map((document) => document.id));
            expect(await store.count(indexed.name, query.filter), needle).toBe(found.length);
          }
          const depot = { depot: { contains: 'nort' } };
          expect(await store.count(indexed.name, depot)).toBe(await store.count(plain, depot));
        };
        await same();
        expect(
          (await store.find(indexed.name, { filter: { name: { contains: 'ATLAS' } } })).map(({ id }) => id),
        ).toEqual(['t01', 't27', 't28']);

        // Edits and removals reach the index with the documents.
        await both([
          { op: 'put', collection: '', document: { id: 't01', name: 'Renamed' }, position: 2n },
          { op: 'delete', collection: '', id: 't27', position: 2n },
          {
            op: 'increment',
            collection: '',
            id: 'c1',
            insert: { name: 'Counter atlas' },
            by: { seen: 1 },
            position: 2n,
          },
        ]);
        await same();
        expect(
          (await store.find(indexed.name, { filter: { name: { contains: 'atlas' } } })).map(({ id }) => id),
        ).toEqual(['c1', 't28']);
      });

      for (const positions of [true, false])
        it(`pages and counts text searches through a text index${positions ? '' : ' without positions'} as without one, common needles to absent ones`, async () => {
          // Names most rows share ("Truck 1"…"Truck 3000", by age as in a list by latest edits), a few
          // others, and organizations of very different sizes: a store may answer a common needle, a rare
          // one and an absent one each its own way, and must answer all of them as a plain scan does.
          const search = (textIndex?: string[]): CollectionDefinition => ({
            name: collectionName('search'),
            fields: {
              orgId: 'text',
              name: 'text',
              unit: 'text',
              updatedAt: 'date',
              rank: 'number',
              active: 'boolean',
            },
            indexes: [
              ['orgId', 'updatedAt'],
              ['orgId', 'rank'],
            ],
            indexEachField: false,
            ...(textIndex ? { textIndex } : {}),
          });
          const indexed: CollectionDefinition = {
            ...search(['name', 'unit']),
            ...(positions ? {} : { textIndexPositions: false }),
          };
          await store.ensureCollection(indexed, { deferIndexes: true });
          created.push(indexed.name);
          const plain = await ensure(search());
          const posting = (orgId: string, n: number, name: string) => ({
            id: `${orgId}${String(n).padStart(5, '0')}`,
            orgId,
            name,
            unit: `U-${n}`,
            updatedAt: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString(),
            rank: n % 7,
            active: n % 3 !== 0,
          });
          const documents = [
            ...Array.from({ length: 3000 }, (_, i) => {
              const n = i + 1;
              return posting(
                'a',
                n,
                n % 50 === 0 ? `Trailer ${n}` : n % 97 === 0 ? `Big TRUCK ${n}` : `Truck ${n}`,
              );
            }),
            ...Array.from({ length: 400 }, (_, i) => posting('b', i + 1, `Truck ${i + 1}`)),
            ...Array.from({ length: 20 }, (_, i) => posting('c', i + 1, `Reefer ${i + 1}`)),
            // Holds every run of "fer 21", not in a row: a candidate the exact test must turn away.
            posting('c', 21, 'Reefer 12 fair 21'),
          ];
          const both = async (operations: WriteOperation[]) => {
            await store.write(operations.map((operation) => ({ ...operation, collection: indexed.name })));
            await store.write(operations.map((operation) => ({ ...operation, collection: plain })));
          };
          await both(
            documents.map((document) => ({ op: 'put' as const, collection: '', document, position: 1n })),
          );
          await store.createIndexes(indexed.name);

          const same = async (filter: Query['filter'], queries: Omit<Query, 'filter'>[]) => {
            const label = JSON.stringify(filter);
            const count = await store.count(plain, filter);
            // A count with a limit stops there (a list's "1,000+"), asked alone and after a page.
            const limits = [1, 7, 400, count, count + 1].filter((limit) => limit >= 1);
            const limited = async () => {
              for (const limit of limits) {
                const expected = Math.min(count, limit);
                expect(await store.count(plain, filter, { limit }), `${label} up to ${limit}`).toBe(expected);
                expect(await store.count(indexed.name, filter, { limit }), `${label} up to ${limit}`).toBe(
                  expected,
                );
              }
            };
            await limited();
            for (const query of queries) {
              const ids = async (collection: string) =>
                (await store.find(collection, { ...query, filter })).map(({ id }) => id);
              expect(await ids(indexed.name), `${label} ${JSON.stringify(query)}`).toEqual(await ids(plain));
              // The count right after the page, as a list asks for both.
              expect(await store.count(indexed.name, filter), label).toBe(count);
            }
            await limited();
          };
          const pages: Omit<Query, 'filter'>[] = [
            { sort: [{ field: 'updatedAt', direction: 'desc' }], limit: 10 },
            { sort: [{ field: 'updatedAt', direction: 'asc' }], skip: 20, limit: 10 },
            { sort: [{ field: 'rank', direction: 'asc' }], skip: 1100, limit: 25 },
            { sort: [{ field: 'name', direction: 'asc' }], limit: 10 },
            { sort: [{ field: 'updatedAt', direction: 'desc' }] },
          ];
          const needles = [
            'truck',
            'TRUCK 1',
            'truck 29',
            'truck 2999',
            'zebra',
            'ruc',
            '299',
            'big truck',
            'ck 1',
          ];
          for (const needle of needles) {
            await same({ orgId: { eq: 'a' }, name: { contains: needle } }, pages);
            await same(
              { orgId: { eq: 'a' }, name: { contains: needle }, active: { eq: true } },
              pages.slice(0, 2),
            );
          }
          for (const needle of ['u-1', 'u-2999', 'u-30'])
            await same({ orgId: { eq: 'a' }, unit: { contains: needle } }, pages.slice(0, 3));
          for (const orgId of ['b', 'c'])
            for (const needle of ['truck', 'truck 3', 'reefer 1', 'fer 21', 'fair 21'])
              await same({ orgId: { eq: orgId }, name: { contains: needle } }, pages.slice(0, 2));
          await same({ name: { contains: 'truck 1' }, unit: { contains: 'u-19' } }, pages.slice(0, 3));

          // Renames, edits that leave the name alone and removals reach the search, and a count asked
          // after them is not the one a page left before them.
          await same({ orgId: { eq: 'a' }, name: { contains: 'truck 29' } }, pages.slice(0, 1));
          await both([
            { op: 'put', collection: '', document: posting('a', 2901, 'Zebra 2901'), position: 2n },
            {
              op: 'put',
              collection: '',
              document: { ...posting('a', 2902, 'Truck 2902'), rank: 6 },
              position: 2n,
            },
            { op: 'delete', collection: '', id: 'a02903', position: 2n },
            { op: 'put', collection: '', document: posting('a', 5000, 'Truck 2999 bis'), position: 2n },
          ]);
          expect(
            await store.count(indexed.name, { orgId: { eq: 'a' }, name: { contains: 'truck 29' } }),
          ).toBe(await store.count(plain, { orgId: { eq: 'a' }, name: { contains: 'truck 29' } }));
          for (const needle of ['truck 29', 'zebra', 'truck 2999', 'truck'])
            await same({ orgId: { eq: 'a' }, name: { contains: needle } }, pages.slice(0, 3));
        });

      it('forgets a dropped collection', async () => {
        const definition = truckCollection();
        await store.ensureCollection(definition);
        await store.write([{ op: 'put', collection: definition.name, document: { id: 'a' }, position: 1n }]);
        await store.dropCollection(definition.name);

        await expect(store.get(definition.name, 'a')).rejects.toThrow();
        const collection = await ensure(definition);
        expect(await store.count(collection)).toBe(0);
      });
    });

    describe('queries over a fixed fleet', () => {
      let collection: string;

      beforeEach(async () => {
        collection = await ensure(truckCollection());
        await store.write(
          trucks.map((truck, i) => ({
            op: 'put' as const,
            collection,
            document: truckDocument(truck),
            position: BigInt(i + 1),
          })),
        );
      });

      const ids = async (query: Query) =>
        (await store.find(collection, query)).map((document) => document.id);

      it('returns everything in id order without a query', async () => {
        expect(await ids({})).toEqual(trucks.map(([id]) => id));
        expect(await store.count(collection)).toBe(30);
      });

      it('returns whole documents', async () => {
        const [found] = await store.find<Document & { location: { city: string } }>(collection, {
          filter: { name: { eq: 'Echo' } },
        });
        expect(found).toEqual({ ...truckDocument(trucks[4]!), position: '5' });
      });

      it('filters by equality on text, numbers, nested fields and booleans', async () => {
        expect(await ids({ filter: { name: { eq: 'Lynx' } } })).toEqual(['t12']);
        expect(await ids({ filter: { capacityKg: { eq: 7500 } } })).toEqual([
          't04',
          't10',
          't16',
          't23',
          't29',
        ]);
        expect(await ids({ filter: { rating: { eq: 4.5 } } })).toEqual(['t01', 't09', 't20']);
        expect(await ids({ filter: { 'location.city': { eq: 'Lyon' }, active: { eq: false } } })).toEqual([
          't19',
        ]);
        expect(await ids({ filter: { active: { eq: false } } })).toEqual([
          't02',
          't05',
          't08',
          't10',
          't13',
          't15',
          't19',
          't21',
          't23',
          't26',
          't30',
        ]);
      });

      it('treats a missing field like null', async () => {
        expect(await ids({ filter: { depot: { eq: null } } })).toEqual([
          't03',
          't05',
          't10',
          't15',
          't17',
          't24',
        ]);
        expect(await ids({ filter: { rating: { eq: null } } })).toEqual(['t03', 't07', 't13', 't26']);
        expect(await store.count(collection, { depot: { ne: null } })).toBe(24);
      });

      it('keeps null and missing values for ne', async () => {
        expect(await ids({ filter: { depot: { ne: 'north' }, capacityKg: { lte: 7500 } } })).toEqual([
          't10',
          't16',
          't23',
          't26',
          't29',
        ]);
        expect(await ids({ filter: { 'location.city': { ne: 'Paris' }, active: { ne: true } } })).toEqual([
          't08',
          't10',
          't13',
          't19',
          't21',
          't23',
          't26',
        ]);
      });

      it('filters by a list, with or without null', async () => {
        expect(await ids({ filter: { 'location.city': { in: ['Lille', 'Nantes'] } } })).toEqual([
          't06',
          't08',
          't10',
          't12',
          't16',
          't18',
          't21',
          't22',
          't26',
          't29',
        ]);
        expect(await ids({ filter: { depot: { in: ['east', null] } } })).toEqual([
          't03',
          't05',
          't06',
          't10',
          't11',
          't15',
          't16',
          't17',
          't21',
          't24',
          't26',
        ]);
        expect(await ids({ filter: { depot: { in: [] } } })).toEqual([]);
      });

      it('filters by number ranges', async () => {
        expect(await ids({ filter: { capacityKg: { gte: 18000, lt: 40000 } } })).toEqual([
          't02',
          't05',
          't06',
          't11',
          't13',
          't18',
          't19',
          't24',
          't25',
          't28',
        ]);
        expect(await ids({ filter: { rating: { gt: 4.5 } } })).toEqual(['t04', 't15', 't22']);
      });

      it('filters by ISO date ranges', async () => {
        expect(
          await ids({
            filter: { registeredAt: { gte: '2024-06-01T00:00:00.000Z', lt: '2025-01-01T00:00:00.000Z' } },
          }),
        ).toEqual(['t14', 't16', 't18', 't20', 't21', 't22', 't24', 't26']);
        expect(await ids({ filter: { registeredAt: { gt: '2025-01-05T08:00:00.000Z' } } })).toEqual([
          't28',
          't29',
          't30',
        ]);
        expect(await ids({ filter: { registeredAt: { lte: '2022-01-01T00:00:00.000Z' } } })).toEqual([
          't09',
          't15',
        ]);
      });

      it('matches contains case-insensitively, taking % and _ literally', async () => {
        expect(await ids({ filter: { name: { contains: 'atlas' } } })).toEqual(['t01', 't27', 't28']);
        expect(await ids({ filter: { name: { contains: 'ATLAS J' } } })).toEqual(['t27']);
        expect(await ids({ filter: { name: { contains: '100%' } } })).toEqual(['t03']);
        expect(await ids({ filter: { name: { contains: '0%' } } })).toEqual(['t03', 't10']);
        expect(await ids({ filter: { name: { contains: '_' } } })).toEqual(['t04', 't18', 't29']);
        expect(await ids({ filter: { name: { contains: '100_p' } } })).toEqual(['t29']);
        expect(await ids({ filter: { name: { contains: '.*' } } })).toEqual([]);
      });

      it('sorts by several keys, breaking ties by id', async () => {
        expect(
          await ids({
            filter: { 'location.city': { eq: 'Lyon' } },
            sort: [
              { field: 'active', direction: 'asc' },
              { field: 'capacityKg', direction: 'desc' },
            ],
          }),
        ).toEqual(['t19', 't24', 't01', 't03', 't27', 't07', 't14']);
        expect(
          await ids({
            filter: { capacityKg: { gte: 26000 } },
            sort: [{ field: 'capacityKg', direction: 'desc' }],
          }),
        ).toEqual(['t09', 't15', 't22', 't05', 't11', 't19', 't25', 't28']);
      });

      it('sorts nulls first ascending and last descending', async () => {
        expect(await ids({ sort: [{ field: 'rating', direction: 'asc' }], limit: 6 })).toEqual([
          't03',
          't07',
          't13',
          't26',
          't10',
          't30',
        ]);
        expect(
          await ids({
            filter: { 'location.city': { eq: 'Lille' } },
            sort: [{ field: 'rating', direction: 'desc' }],
          }),
        ).toEqual(['t06', 't16', 't21', 't10', 't26']);
      });

      it('sorts text by code point and dates chronologically', async () => {
        expect(await ids({ sort: [{ field: 'name', direction: 'desc' }], limit: 5 })).toEqual([
          't08',
          't27',
          't26',
          't25',
          't24',
        ]);
        expect(await ids({ sort: [{ field: 'registeredAt', direction: 'desc' }], limit: 3 })).toEqual([
          't30',
          't29',
          't28',
        ]);
        expect(await ids({ sort: [{ field: 'id', direction: 'desc' }], limit: 3 })).toEqual([
          't30',
          't29',
          't28',
        ]);
      });

      it('pages with skip and limit without skipping or repeating rows', async () => {
        const sort = [{ field: 'capacityKg', direction: 'asc' as const }];
        expect(await ids({ sort, skip: 8, limit: 5 })).toEqual(['t23', 't29', 't01', 't03', 't08']);

        const pages: string[] = [];
        for (let skip = 0; skip < 30; skip += 7) pages.push(...(await ids({ sort, skip, limit: 7 })));
        expect(pages).toEqual([
          ...['t07', 't14', 't20', 't26', 't30'],
          ...['t04', 't10', 't16', 't23', 't29'],
          ...['t01', 't03', 't08', 't12', 't17', 't21', 't27'],
          ...['t02', 't06', 't13', 't18', 't24'],
          ...['t05', 't11', 't19', 't25', 't28'],
          ...['t09', 't15', 't22'],
        ]);
        expect(await ids({ sort, skip: 28 })).toEqual(['t15', 't22']);
        expect(await ids({ sort, limit: 0 })).toEqual([]);
      });

      it('counts with a filter', async () => {
        expect(await store.count(collection, { active: { eq: true }, capacityKg: { gte: 18000 } })).toBe(8);
        expect(await store.count(collection, { name: { contains: 'atlas' } })).toBe(3);
      });

      it('counts up to a limit', async () => {
        const filter = { active: { eq: true }, capacityKg: { gte: 18000 } };
        expect(await store.count(collection, filter, { limit: 5 })).toBe(5);
        expect(await store.count(collection, filter, { limit: 8 })).toBe(8);
        expect(await store.count(collection, filter, { limit: 9 })).toBe(8);
        expect(await store.count(collection, undefined, { limit: 12 })).toBe(12);
        expect(await store.count(collection, { name: { contains: 'atlas' } }, { limit: 2 })).toBe(2);
        for (const limit of [0, -1, 1.5, Number.NaN])
          await expect(store.count(collection, filter, { limit })).rejects.toThrow(/limit/);
      });

      it('rejects undeclared fields and values of the wrong type', async () => {
        await expect(store.find(collection, { filter: { plate: { eq: 'x' } } })).rejects.toThrow(/plate/);
        await expect(store.find(collection, { sort: [{ field: 'tags', direction: 'asc' }] })).rejects.toThrow(
          /tags/,
        );
        await expect(store.count(collection, { 'location.country': { eq: 'FR' } })).rejects.toThrow();
        await expect(store.find(collection, { filter: { capacityKg: { eq: '7500' } } })).rejects.toThrow();
        await expect(store.find(collection, { filter: { active: { gt: 1 } } })).rejects.toThrow();
        await expect(
          store.find(collection, { filter: { capacityKg: { contains: '75' } } }),
        ).rejects.toThrow();
        await expect(store.find(collection, { limit: -1 })).rejects.toThrow();
      });
    });

    describe('near queries', () => {
      /** The spherical law of cosines: a great-circle formula other than the stores' haversine. */
      const independentMiles = (a: [number, number], b: [number, number]) => {
        const rad = Math.PI / 180;
        const cos =
          Math.sin(a[0] * rad) * Math.sin(b[0] * rad) +
          Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.cos((b[1] - a[1]) * rad);
        return 3958.8 * Math.acos(Math.min(1, Math.max(-1, cos)));
      };
      const chicago: [number, number] = [41.8781, -87.6298];
      const places: Record<string, [number, number]> = {
        chicago,
        milwaukee: [43.0389, -87.9065],
        peoria: [40.6936, -89.589],
        indianapolis: [39.7684, -86.1581],
        stLouis: [38.627, -90.1994],
        dallas: [32.7767, -96.797],
        adak: [51.88, -176.6581],
        attu: [52.9311, 173.1814],
      };
      const definition = (name: string): CollectionDefinition => ({
        name,
        fields: {
          orgId: 'text',
          kind: 'text',
          'location.latitude': 'number',
          'location.longitude': 'number',
        },
        indexes: [['orgId', 'location.latitude', 'location.longitude']],
        geoIndex: ['location'],
      });
      const at = (id: string, orgId: string, place: string | null, kind = 'truck') => ({
        op: 'put' as const,
        collection: '',
        document: {
          id,
          orgId,
          kind,
          location: place === null ? null : { latitude: places[place]?.[0], longitude: places[place]?.[1] },
        },
        position: 1n,
      });
      const fill = async (collection: string) =>
        store.write(
          [
            at('a-chicago', 'a', 'chicago'),
            at('b-chicago-twin', 'a', 'chicago'),
            at('a-milwaukee', 'a', 'milwaukee', 'load'),
            at('a-peoria', 'a', 'peoria'),
            at('a-indianapolis', 'a', 'indianapolis'),
            at('a-st-louis', 'a', 'stLouis'),
            at('a-dallas', 'a', 'dallas'),
            at('a-nowhere', 'a', null),
            at('a-adak', 'a', 'adak'),
            at('a-attu', 'a', 'attu'),
            at('other-org-chicago', 'b', 'chicago'),
          ].map((operation) => ({ ...operation, collection })),
        );
      type NearExtra = Partial<Parameters<DocumentStore['findNear']>[1]>;
      const nearPage = (collection: string, extra: NearExtra = {}) =>
        store.findNear(collection, {
          field: 'location',
          center: { latitude: chicago[0], longitude: chicago[1] },
          maxMiles: 200,
          filter: { orgId: { eq: 'a' } },
          ...extra,
        });
      const near = async (collection: string, extra: NearExtra = {}) =>
        (await nearPage(collection, extra)).matches;

      it('answers the points within the radius, nearest first, with their great-circle miles', async () => {
        const collection = await ensure(definition(collectionName('near')));
        await fill(collection);
        const found = await near(collection);
        expect(found.map((match) => match.document.id)).toEqual([
          'a-chicago',
          'b-chicago-twin',
          'a-milwaukee',
          'a-peoria',
          'a-indianapolis',
        ]);
        for (const match of found) {
          const place = match.document.location as { latitude: number; longitude: number };
          expect(match.miles).toBeCloseTo(independentMiles(chicago, [place.latitude, place.longitude]), 6);
        }
        expect(found[2]?.miles).toBeCloseTo(81.4, 1);
        expect((await nearPage(collection, { limit: 1 })).totalCount).toBe(5);
        // St. Louis is about 262.3 miles away: inside 262.4, outside 262.2.
        expect((await near(collection, { maxMiles: 262.4 })).map((m) => m.document.id)).toContain(
          'a-st-louis',
        );
        expect((await near(collection, { maxMiles: 262.2 })).map((m) => m.document.id)).not.toContain(
          'a-st-louis',
        );
      });

      it('pages, filters, and leaves out points the map does not know and other organizations', async () => {
        const collection = await ensure(definition(collectionName('near')));
        await fill(collection);
        const pages = [
          await near(collection, { limit: 2 }),
          await near(collection, { skip: 2, limit: 2 }),
          await near(collection, { skip: 4, limit: 2 }),
        ];
        expect(pages.map((page) => page.map((match) => match.document.id))).toEqual([
          ['a-chicago', 'b-chicago-twin'],
          ['a-milwaukee', 'a-peoria'],
          ['a-indianapolis'],
        ]);
        // Counted in all, whatever the page.
        expect((await nearPage(collection, { skip: 4, limit: 2 })).totalCount).toBe(5);
        // Only the points it accepts: here those north of Chicago.
        const north = await nearPage(collection, { acceptPoint: (point) => point.latitude > chicago[0] });
        expect([north.totalCount, north.matches.map((match) => match.document.id)]).toEqual([
          1,
          ['a-milwaukee'],
        ]);
        const loads = await near(collection, { filter: { orgId: { eq: 'a' }, kind: { eq: 'load' } } });
        expect(loads.map((match) => match.document.id)).toEqual(['a-milwaukee']);
        const everywhere = await near(collection, { maxMiles: 5000, filter: { orgId: { eq: 'a' } } });
        expect(everywhere.map((match) => match.document.id)).not.toContain('a-nowhere');
        expect(everywhere.map((match) => match.document.id)).not.toContain('other-org-chicago');
      });

      it('crosses the 180th meridian', async () => {
        const collection = await ensure(definition(collectionName('near')));
        await fill(collection);
        const found = await near(collection, {
          center: { latitude: places.adak?.[0] ?? 0, longitude: places.adak?.[1] ?? 0 },
          maxMiles: 600,
        });
        expect(found.map((match) => match.document.id)).toEqual(['a-adak', 'a-attu']);
        expect(found[1]?.miles).toBeCloseTo(
          independentMiles(places.adak as [number, number], places.attu as [number, number]),
          6,
        );
      });

      it('follows moves and removals, and answers the same before and after its index is built', async () => {
        const name = collectionName('near');
        await store.ensureCollection(definition(name), { deferIndexes: true });
        created.push(name);
        await fill(name);
        const before = await near(name);
        await store.createIndexes(name);
        expect(await near(name)).toEqual(before);
        await store.write([
          { ...at('a-peoria', 'a', 'dallas'), collection: name, position: 2n },
          { op: 'delete', collection: name, id: 'a-milwaukee', position: 2n },
          { ...at('a-st-louis', 'a', 'chicago'), collection: name, position: 2n },
        ]);
        expect((await near(name)).map((match) => match.document.id)).toEqual([
          'a-chicago',
          'a-st-louis',
          'b-chicago-twin',
          'a-indianapolis',
        ]);
      });

      it("answers as before when the collection takes another one's place", async () => {
        const target = await ensure(definition(collectionName('near')));
        const source = collectionName('near_next');
        await store.ensureCollection(definition(source));
        await fill(source);
        await store.replaceCollections([{ target, source }], []);
        expect((await near(target)).map((match) => match.document.id)).toHaveLength(5);
        await store.write([{ ...at('a-dallas', 'a', 'milwaukee'), collection: target, position: 3n }]);
        expect((await near(target)).map((match) => match.document.id)).toContain('a-dallas');
      });
    });
  });
}
