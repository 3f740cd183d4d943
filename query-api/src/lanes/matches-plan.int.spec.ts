import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { trailerTypes, usCities } from '@dispatch/domain';
import { pointOfPlace } from '@dispatch/places';
import { collections, trucksCollection } from '@dispatch/read-models';
import { openSqliteDocumentStore, type WriteOperation } from '@dispatch/storage';
import { nearRowsSql, planQuery, tableOf } from '@dispatch/storage/sqlite-plan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A load's matches read a page of trucks per pair of points (their city, their preferred destination):
 * on a board with statistics, the page is a range of the matches' index in date order, whose entries
 * hold the status and trailer type, rather than the lane search's index, which would read every
 * truck of the pair for them.
 */
const ORG = 'org-matches-plan';
const cities = usCities.slice(0, 12);
let dir: string;
let path: string;

/** A number from 0 to `range` - 1, each trait of a truck independent of its others (as the bench's board). */
const pick = (id: number, trait: number, range: number) =>
  (Math.imul(id ^ Math.imul(trait, 0x9e3779b9), 0x85ebca6b) >>> 7) % range;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'matches-plan-'));
  path = join(dir, 'read-models.sqlite');
  const documents = openSqliteDocumentStore({ path, writer: 'inline' });
  await documents.ensureCollection(trucksCollection, { deferIndexes: true });
  const operations: WriteOperation[] = [];
  for (let id = 1; id <= 6000; id++) {
    const city = cities[pick(id, 1, cities.length)] as (typeof cities)[number];
    const preferred =
      pick(id, 2, 3) === 0 ? null : (cities[pick(id, 3, cities.length)] as (typeof cities)[number]);
    operations.push({
      op: 'put',
      collection: collections.trucks,
      position: BigInt(id),
      document: {
        id: String(id),
        orgId: ORG,
        trailerType: trailerTypes[pick(id, 4, trailerTypes.length)],
        status: pick(id, 5, 4) !== 0,
        truckState: city.state,
        truckCity: city.city,
        preferedState: preferred?.state ?? null,
        preferedCity: preferred?.city ?? null,
        availabilityDate: `2026-12-${String(1 + pick(id, 6, 28)).padStart(2, '0')}`,
        expiresAt: '2027-01-10T00:00:00.000Z',
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-01T00:00:00.000Z',
        location: pointOfPlace(city.state, city.city),
        destination: preferred ? pointOfPlace(preferred.state, preferred.city) : null,
      },
    });
  }
  await documents.write(operations);
  // Built over the rows, with their statistics, as a rebuild builds them.
  await documents.createIndexes(collections.trucks);
  await documents.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a load's matches on a board with statistics", () => {
  it("reads a pair of points' page from the matches' index in date order", () => {
    const [from, to] = cities as [(typeof cities)[number], (typeof cities)[number]];
    const location = pointOfPlace(from.state, from.city);
    const destination = pointOfPlace(to.state, to.city);
    if (!location || !destination) throw new Error('unknown city');
    // The filter and order of loadMatches (query-api/src/lanes/matches.ts).
    const { predicates, sort } = planQuery(trucksCollection, {
      filter: {
        orgId: { eq: ORG },
        status: { eq: true },
        trailerType: { eq: trailerTypes[0] },
        availabilityDate: { lt: '2026-12-15' },
      },
      sort: [{ field: 'availabilityDate', direction: 'desc' }],
    });
    const { sql, params } = nearRowsSql(
      tableOf(collections.trucks),
      'location',
      'destination',
      [{ ...location, also: [destination] }],
      predicates,
      20,
      0,
      sort,
    );
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
        .map((row) => row.detail)
        .join('\n');
      expect(plan).toMatch(
        /USING INDEX docs_trucks_v5:orgId,trailerType,status,location\.latitude.*availabilityDate</,
      );
      expect(plan).not.toContain('TEMP B-TREE FOR ORDER BY');
    } finally {
      db.close();
    }
  });
});
