import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { type FeedEventType, feedEventTypes, feedTypesCoveredBy } from '@dispatch/domain';
import {
  collections,
  type EventFeedDocument,
  eventFeedCollection,
  eventFeedHeadsCollection,
  eventFeedId,
  readFeed,
} from '@dispatch/read-models';
import { openSqliteDocumentStore, type WriteOperation } from '@dispatch/storage';
import { tempDir } from './fixtures.ts';
import { fmt, percentile, type Row } from './stats.ts';

/** Organizations' shares of the feed: one busy board, a few mid-sized ones, a tail of small ones. */
const SHARES = [0.4, 0.15, 0.1, 0.1, 0.05, 0.05, 0.05, 0.04, 0.03, 0.03];
const WRITE_BATCH = 10_000;
const PAGE = 100;

/** A number from 0 to `range` - 1 that varies with `n` and `trait` independently of its other traits. */
function pick(n: number, trait: number, range: number): number {
  return (Math.imul(n ^ Math.imul(trait, 0x9e3779b9), 0x85ebca6b) >>> 7) % range;
}

/** A feed item's data about the size of a posted truck's. */
const truckData = (n: number) => ({
  id: n,
  trailerType: 'FLATBED',
  companyName: `Company ${pick(n, 1, 500)}`,
  unitNumber: `U-${n % 1000}`,
  truckName: `Bench ${n}`,
  truckState: 'IL',
  truckCity: 'Chicago',
  preferedState: 'TX',
  preferedCity: 'Dallas',
  direction: 'SOUTH',
  status: true,
  availabilityDate: '2026-11-21',
  dispatcherName: 'Bench Dispatcher',
  dispatcherCountryCode: '+1',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'bench@example.com',
  notes: null,
  createdBy: 'user-bench',
  updatedBy: 'user-bench',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  version: 0,
  onMap: true,
});

/** Mostly postings, as a board's feed is: postings three in four, envelopes, members and matches the rest. */
function typeOf(n: number): FeedEventType {
  const roll = pick(n, 2, 100);
  if (roll < 75)
    return (['truck.posted', 'truck.edited', 'load.posted', 'load.edited', 'truck.removed'] as const)[
      roll % 5
    ] as FeedEventType;
  return feedEventTypes[pick(n, 3, feedEventTypes.length)] as FeedEventType;
}

/**
 * The event feed at scale: `total` items across ten organizations, written straight into the SQLite
 * document store as the projector writes them (the projection's own cost is the projector's
 * catch-up figure), then pages of 100 after random positions of random organizations: every type,
 * and the types an API key with postings:read only sees.
 */
export async function benchEventFeed(options: { total?: number; samples?: number } = {}): Promise<Row[]> {
  const total = options.total ?? 1_000_000;
  const samples = options.samples ?? 2000;
  const dir = tempDir('feed');
  const log = (line: string) => console.error(line);
  const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
  try {
    const orgs = SHARES.map(() => randomUUID());
    const heads = orgs.map(() => 0);
    // Share by share: item n goes to the organization its cumulative share falls in.
    const cumulative = SHARES.map((_, i) => SHARES.slice(0, i + 1).reduce((a, b) => a + b, 0));
    await documents.ensureCollection(eventFeedCollection, { deferIndexes: true });
    await documents.ensureCollection(eventFeedHeadsCollection);
    let started = performance.now();
    let operations: WriteOperation[] = [];
    const start = Date.parse('2025-11-21T00:00:00.000Z');
    for (let n = 1; n <= total; n++) {
      const roll = pick(n, 4, 10_000) / 10_000;
      const org = Math.max(
        0,
        cumulative.findIndex((share) => roll < share),
      );
      const orgId = orgs[org] as string;
      heads[org] = (heads[org] as number) + 1;
      const sequence = heads[org] as number;
      const document: Omit<EventFeedDocument, 'position'> = {
        id: eventFeedId(orgId, sequence),
        orgId,
        sequence,
        eventId: randomUUID(),
        type: typeOf(n),
        timestamp: new Date(start + n * 30_000).toISOString(),
        data: truckData(n),
      };
      operations.push({ op: 'put', collection: collections.eventFeed, document, position: BigInt(n) });
      if (operations.length === WRITE_BATCH || n === total) {
        await documents.write(operations);
        operations = [];
      }
    }
    await documents.write(
      orgs.map((orgId, i) => ({
        op: 'put' as const,
        collection: collections.eventFeedHeads,
        document: { id: orgId, orgId, sequence: heads[i] as number },
        position: BigInt(total),
      })),
    );
    const fillSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await documents.createIndexes(collections.eventFeed);
    const indexSeconds = (performance.now() - started) / 1000;
    log(`  wrote ${fmt(total)} feed items in ${fmt(fillSeconds, 1)} s, indexed in ${fmt(indexSeconds, 1)} s`);

    const postingTypes = feedTypesCoveredBy(['postings:read']);
    const measure = async (types?: readonly FeedEventType[]) => {
      const times: number[] = [];
      let items = 0;
      for (let i = 0; i < samples; i++) {
        const org = pick(i, 5, orgs.length);
        const after = pick(i, 6, heads[org] as number);
        const began = performance.now();
        const page = await readFeed(documents, orgs[org] as string, { after, types, limit: PAGE + 1 });
        times.push(performance.now() - began);
        items += Math.min(page.length, PAGE);
      }
      return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), items };
    };
    // Warm the page cache as a server in service has it.
    await measure();
    const every = await measure();
    const postings = await measure(postingTypes);
    const label = `event feed (${fmt(total)} items, ${orgs.length} organizations)`;
    const row = (suffix: string, figure: string, value: number) => ({
      benchmark: `${label}: ${suffix}`,
      figure,
      value: fmt(value, 2),
    });
    log(
      `  ${fmt(every.items / samples, 1)} items a page (every type), ${fmt(postings.items / samples, 1)} (postings)`,
    );
    return [
      { benchmark: `${label}: fill`, figure: 'items/s', value: fmt(total / (fillSeconds + indexSeconds)) },
      row('page of 100 after a random position, every type', 'p50 ms', every.p50),
      row('page of 100 after a random position, every type', 'p95 ms (goal ≤ 5)', every.p95),
      row('page of 100 after a random position, every type', 'p99 ms', every.p99),
      row("page of 100, a postings:read key's types", 'p50 ms', postings.p50),
      row("page of 100, a postings:read key's types", 'p95 ms (goal ≤ 5)', postings.p95),
      row("page of 100, a postings:read key's types", 'p99 ms', postings.p99),
    ];
  } finally {
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
