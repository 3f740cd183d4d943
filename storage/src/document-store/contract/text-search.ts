import { describe, expect, it } from 'vitest';
import type { CollectionDefinition, Query, WriteOperation } from '../port.ts';
import { type ContractUse, collectionName, truckCollection, truckDocument, trucks } from './fixtures.ts';

/** Contains searches through a declared text index, answering as without one. */
export function textSearchContract(use: ContractUse): void {
  describe('text searches', () => {
    const { store, ensure } = use;

    it('answers contains through a declared text index as it does without one', async () => {
      const indexed = { ...truckCollection(), textIndex: ['name', 'depot'] };
      await store.ensureCollection(indexed, { deferIndexes: true });
      use.adopt(indexed.name);
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
        use.adopt(indexed.name);
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
        expect(await store.count(indexed.name, { orgId: { eq: 'a' }, name: { contains: 'truck 29' } })).toBe(
          await store.count(plain, { orgId: { eq: 'a' }, name: { contains: 'truck 29' } }),
        );
        for (const needle of ['truck 29', 'zebra', 'truck 2999', 'truck'])
          await same({ orgId: { eq: 'a' }, name: { contains: needle } }, pages.slice(0, 3));
      });
  });
}
