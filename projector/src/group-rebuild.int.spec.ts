import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  changeLogCollection,
  collections,
  GROUP_REBUILD_CHECKPOINT,
  inProcessChangeFeed,
  type ProjectionCommit,
  rebuildStatusCollection,
  tailChangeLog,
} from '@dispatch/read-models';
import {
  type Document,
  type DocumentStore,
  type EventStore,
  openSqliteDocumentStore,
  openSqliteEventStore,
  type WriteOperation,
} from '@dispatch/storage';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DROPPED_LATER, planGroupRebuild } from './group-rebuild.ts';
import type { Projection } from './projection.ts';
import { projections } from './projections/index.ts';
import { readModelGroups, readModelsOfGroup } from './read-model-groups.ts';
import { startReadModels } from './read-model-rebuild.ts';
import { readModelsOf, startProjector } from './runner/index.ts';
import { documentStoreWith } from './testing/document-store-with.ts';
import { eventMetadata } from './testing/event-fixtures.ts';
import { readModelSnapshot } from './testing/read-model-snapshot.ts';
import { truckFixture } from './testing/truck-fixture.ts';

const truck = truckFixture('Grouped');
let events: EventStore;
let documents: DocumentStore;
/**
 * Where the stores are: in memory (the builder writes beside the read models in service), or in files
 * (the builder writes in a staging file of its own, which joins the read models' file at the switch).
 */
let inFiles = false;
let dir = '';
beforeEach(() => {
  if (!inFiles) {
    events = openSqliteEventStore({ path: ':memory:' });
    documents = openSqliteDocumentStore({ path: ':memory:' });
    return;
  }
  dir = mkdtempSync(join(tmpdir(), 'dispatch-group-rebuild-'));
  events = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
  documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
});
afterEach(async () => {
  await documents.close();
  await events.close();
  if (inFiles) rmSync(dir, { recursive: true, force: true });
});

const meta = () => eventMetadata({ orgId: 'org-a', occurredAt: new Date().toISOString() });
const post = (truckId: number) =>
  events.append(
    `truck-${truckId}`,
    [{ id: randomUUID(), type: 'TruckPosted', data: { truckId, ...truck }, metadata: meta() }],
    { expected: 'no_stream' },
  );
const rename = (truckId: number, truckName: string) =>
  events.append(
    `truck-${truckId}`,
    [{ id: randomUUID(), type: 'TruckUpdated', data: { truckId, changes: { truckName } }, metadata: meta() }],
    { expected: 'any' },
  );

/**
 * A read model of the history group whose version a test changes: one row per posted truck, each
 * `pauseMs` in the applying.
 */
const notes = (name: string, pauseMs = 0): Projection => ({
  name: 'notes',
  collections: [{ name, fields: { orgId: 'text' } }],
  eventTypes: ['TruckPosted'],
  async apply(event, context) {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    context.put(name, { id: String((event.data as { truckId: number }).truckId), orgId: 'org-a' });
  },
});
/** The product's projections and groups, with the notes read model of a version among the history's. */
function withNotes(name: string, pauseMs = 0) {
  const extra = notes(name, pauseMs);
  return {
    projections: [...projections, extra],
    groups: readModelGroups.map((group) =>
      group.name === 'history' ? { ...group, projections: [...group.projections, extra] } : group,
    ),
  };
}

const liveCheckpoint = () =>
  documents.get<Document & { readModels: string }>(collections.checkpoints, 'read-models');

async function until(check: () => Promise<boolean>, timeoutMs = 50_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A read model of each group, of a version; the history's slow to apply, as a long history is. */
function everyGroup(version: number) {
  const extra = new Map(
    readModelGroups.map((group) => [
      group.name,
      notes(`notes_${group.name}_v${version}`, group.name === 'history' ? 40 : 0),
    ]),
  );
  return {
    projections: [...projections, ...extra.values()],
    groups: readModelGroups.map((group) => ({
      ...group,
      projections: [...group.projections, extra.get(group.name) as Projection],
    })),
  };
}

/** Posts `trucks` trucks, and builds every read model with each group's notes of `version`. */
async function builtWithEveryGroup(version: number, trucks: number) {
  for (let id = 1; id <= trucks; id++) await post(id);
  const built = await startReadModels({ eventStore: events, documents, ...everyGroup(version) });
  expect(await built.waitFor(await events.headPosition(), 20_000)).toBe(true);
  await built.close();
}

const history = readModelGroups.find((group) => group.name === 'history');
const historyModels = new Set(history ? readModelsOfGroup(history) : []);

/** The read models are those of every projection built from the first event into a new store. */
async function expectAsBuiltFromZero(built: Projection[]) {
  const fromZero = openSqliteDocumentStore({ path: ':memory:' });
  const projector = await startProjector({ eventStore: events, documents: fromZero, projections: built });
  expect(await projector.waitFor(await events.headPosition(), 20_000)).toBe(true);
  await projector.close();
  expect(await readModelSnapshot(documents)).toEqual(await readModelSnapshot(fromZero));
  await fromZero.close();
}

describe.each([
  ['in memory', false],
  ['in files, the builder in a staging file', true],
])('a start with a new version of one read model (%s)', { timeout: 60_000 }, (_, files) => {
  beforeAll(() => {
    inFiles = files;
  });

  it('builds its group again alone, the others kept as they were, and ends as a build from zero', async () => {
    for (let id = 1; id <= 60; id++) await post(id);
    for (let id = 1; id <= 60; id += 3) await rename(id, `Renamed ${id}`);
    const earlier = await startReadModels({ eventStore: events, documents, ...withNotes('notes_v1') });
    expect(await earlier.waitFor(await events.headPosition(), 20_000)).toBe(true);
    await earlier.close();
    const before = await readModelSnapshot(documents);
    const headBefore = await events.headPosition();

    const written: WriteOperation[] = [];
    const watched = documentStoreWith(documents, {
      write: (operations) => {
        written.push(...operations);
        return documents.write(operations);
      },
    });
    const feed = inProcessChangeFeed();
    const commits: ProjectionCommit[] = [];
    feed.subscribe((commit) => commits.push(commit));
    const later = withNotes('notes_v2');
    const errors: unknown[] = [];
    const readModels = await startReadModels({
      eventStore: events,
      documents: watched,
      ...later,
      feed,
      onError: (error) => errors.push(error),
      batchSize: 5,
      catchUpBatchSize: 5,
    });
    // Written while the history is built again: its reader waits for the history too.
    const { position } = await post(61);
    expect(await readModels.waitFor(position, 20_000)).toBe(true);
    const activity = await documents.find<Document & { subjectId: string }>(collections.activity, {});
    expect(activity.map((entry) => entry.subjectId)).toContain('61');
    await rename(61, 'Renamed 61');
    await until(async () => {
      const live = await documents.get<Document & { readModels: string }>(
        collections.checkpoints,
        'read-models',
      );
      return live?.readModels === readModelsOf(later.projections);
    });
    expect(await readModels.waitFor(await events.headPosition(), 20_000)).toBe(true);
    await readModels.close();
    expect(errors).toEqual([]);

    // Only the history's read models were written for the events before the start.
    const rewritten = written.filter(
      (operation) =>
        operation.position <= headBefore &&
        operation.collection !== collections.checkpoints &&
        // The projector's own status and catalog of groups, not a read model of events.
        operation.collection !== rebuildStatusCollection.name &&
        !operation.collection.endsWith('__group_rebuild'),
    );
    const rewrittenModels = new Set(rewritten.map((operation) => operation.collection));
    expect([...rewrittenModels].filter((name) => !historyModels.has(name) && name !== 'notes_v2')).toEqual(
      [],
    );
    // Beside the read models in service, the builder's rows go through this store; in a staging file,
    // through a store of its own.
    if (inFiles) expect(rewritten).toEqual([]);
    else expect(rewrittenModels.has(collections.activity)).toBe(true);
    const after = await readModelSnapshot(documents);
    for (const [collection, rows] of Object.entries(before)) {
      if (historyModels.has(collection)) continue;
      // Counters (kept without positions) are covered by the writes above.
      if (rows.some((row) => typeof row.position !== 'string')) continue;
      const untouched = (after[collection] ?? []).filter((row) => BigInt(String(row.position)) <= headBefore);
      expect(untouched, collection).toEqual(rows);
    }
    await expect(documents.count('notes_v1')).rejects.toThrow(/does not exist/);
    expect(await documents.count('notes_v2')).toBe(61);

    // The same as every read model built from the first event.
    const fromZero = openSqliteDocumentStore({ path: ':memory:' });
    const built = await startProjector({
      eventStore: events,
      documents: fromZero,
      projections: later.projections,
    });
    expect(await built.waitFor(await events.headPosition(), 20_000)).toBe(true);
    await built.close();
    expect(after).toEqual(await readModelSnapshot(fromZero));
    expect(await documents.count('notes_v2')).toBe(await fromZero.count('notes_v2'));
    await fromZero.close();

    // The live board heard of each truck change once.
    const told = commits.flatMap((commit) =>
      commit.changes.filter((change) => change.kind === 'trucks').flatMap((change) => change.ids),
    );
    expect(told.filter((id) => String(id) === '61')).toHaveLength(2);
    expect(told.filter((id) => Number(id) <= 60)).toEqual([]);
  });

  it('builds the boards first when every group has a new version, then the other groups beside them', async () => {
    await builtWithEveryGroup(1, 40);

    const later = everyGroup(2);
    const errors: unknown[] = [];
    const readModels = await startReadModels({
      eventStore: events,
      documents,
      ...later,
      onError: (error) => errors.push(error),
      batchSize: 5,
      catchUpBatchSize: 5,
    });
    const boardsModels = readModelsOfGroup(readModelGroups.find((group) => group.name === 'boards')!);
    // The boards are back, all forty trucks listed, while the history is still being built.
    await until(async () => {
      const checkpoint = await liveCheckpoint();
      return (
        checkpoint !== null &&
        BigInt(checkpoint.position) === (await events.headPosition()) &&
        boardsModels.every((name) => checkpoint.readModels.split(',').includes(name))
      );
    });
    expect(await documents.count(collections.trucks)).toBe(40);
    expect(await documents.count('notes_boards_v2')).toBe(40);
    // The history's, as far as built (in a staging file, there once its builder has begun).
    expect(await documents.count('notes_history_v2').catch(() => 0)).toBeLessThan(40);

    await until(async () => (await liveCheckpoint())?.readModels === readModelsOf(later.projections));
    expect(await readModels.waitFor(await events.headPosition(), 20_000)).toBe(true);
    await readModels.close();
    expect(errors).toEqual([]);
    for (const group of readModelGroups)
      await expect(documents.count(`notes_${group.name}_v1`)).rejects.toThrow();

    // The same as every read model built from the first event.
    await expectAsBuiltFromZero(later.projections);
  });

  it("leaves the other groups' old tables for after the boards, and drops them at a start after a kill", async () => {
    await builtWithEveryGroup(1, 40);

    // A start plans the boards first, and is killed before its live projector has begun.
    const later = everyGroup(2);
    const plan = await planGroupRebuild(documents, 'read-models', later.projections, later.groups);
    expect(plan?.boardsFirst).toBe(true);
    // The old tables are still there, named for later (the boards' earlier version too, which no one
    // reads); the live checkpoint names the boards alone, so a reader sees the other groups being rebuilt.
    const left = await documents.get<Document & { names: string }>(collections.checkpoints, DROPPED_LATER);
    const leftNames = left?.names.split(',') ?? [];
    for (const group of readModelGroups) {
      expect(leftNames).toContain(`notes_${group.name}_v1`);
      expect(await documents.count(`notes_${group.name}_v1`)).toBe(40);
    }
    expect(leftNames).not.toContain(collections.trucks);
    expect((await liveCheckpoint())?.readModels).toBe(readModelsOf(plan?.served ?? []));

    // The next start drops them before anything reads them, and ends as a build from zero.
    const errors: unknown[] = [];
    const readModels = await startReadModels({
      eventStore: events,
      documents,
      ...later,
      onError: (error) => errors.push(error),
    });
    expect(await documents.get(collections.checkpoints, DROPPED_LATER)).toBeNull();
    for (const group of readModelGroups)
      await expect(documents.count(`notes_${group.name}_v1`)).rejects.toThrow();
    await until(async () => (await liveCheckpoint())?.readModels === readModelsOf(later.projections));
    expect(await readModels.waitFor(await events.headPosition(), 20_000)).toBe(true);
    await readModels.close();
    expect(errors).toEqual([]);
    await expectAsBuiltFromZero(later.projections);
  });

  it('goes on from its own checkpoint after a restart, and ends as a build from zero', async () => {
    for (let id = 1; id <= 200; id++) await post(id);
    const earlier = await startReadModels({ eventStore: events, documents, ...withNotes('notes_v1') });
    expect(await earlier.waitFor(await events.headPosition(), 20_000)).toBe(true);
    await earlier.close();

    // Seconds to build again: the first start is stopped midway.
    const later = withNotes('notes_v2', 10);
    const errors: unknown[] = [];
    const options = { eventStore: events, ...later, batchSize: 5, catchUpBatchSize: 5 };
    const stopped = await startReadModels({ ...options, documents, onError: (error) => errors.push(error) });
    const builderAt = async () =>
      (await documents.get(collections.checkpoints, GROUP_REBUILD_CHECKPOINT))?.position ?? '0';
    await until(async () => BigInt(await builderAt()) > 0n);
    await stopped.close();
    const reached = BigInt(await builderAt());
    expect(reached).toBeGreaterThan(0n);

    const written: WriteOperation[] = [];
    const watched = documentStoreWith(documents, {
      write: (operations) => {
        written.push(...operations);
        return documents.write(operations);
      },
    });
    const resumed = await startReadModels({ ...options, documents: watched, onError: (e) => errors.push(e) });
    await until(async () => {
      const live = await documents.get<Document & { readModels: string }>(
        collections.checkpoints,
        'read-models',
      );
      return live?.readModels === readModelsOf(later.projections);
    });
    await resumed.close();
    expect(errors).toEqual([]);
    // Nothing the first start had built was built again.
    const again = written.filter(
      (operation) => operation.collection === collections.activity && operation.position <= reached,
    );
    expect(again).toEqual([]);

    await expectAsBuiltFromZero(later.projections);
  });

  it('tells a query API in another process, through the change log, the position every group reflects', async () => {
    for (let id = 1; id <= 200; id++) await post(id);
    const earlier = await startReadModels({
      eventStore: events,
      documents,
      ...withNotes('notes_v1'),
      writeChangeLog: true,
    });
    expect(await earlier.waitFor(await events.headPosition(), 20_000)).toBe(true);
    await earlier.close();
    const tail = tailChangeLog(documents, { from: await events.headPosition(), intervalMs: 10 });
    const told: ProjectionCommit[] = [];
    tail.subscribe((commit) => told.push(commit));

    const later = withNotes('notes_v2', 10);
    const errors: unknown[] = [];
    const readModels = await startReadModels({
      eventStore: events,
      documents,
      ...later,
      writeChangeLog: true,
      batchSize: 5,
      catchUpBatchSize: 5,
      onError: (error) => errors.push(error),
    });
    const { position } = await post(201);
    const trucksOf = (commit: ProjectionCommit) =>
      commit.changes.filter((change) => change.kind === 'trucks').flatMap((change) => change.ids);
    await until(async () => told.some((commit) => trucksOf(commit).includes(201)));
    // The board has the truck; the history, built again, not yet: the log says where the history is.
    const boardTold = told.find((commit) => trucksOf(commit).includes(201));
    expect(boardTold?.position).toBeLessThan(position);
    await until(async () => {
      const live = await documents.get<Document & { readModels: string }>(
        collections.checkpoints,
        'read-models',
      );
      return live?.readModels === readModelsOf(later.projections);
    });
    await until(async () => told.at(-1)?.position === position);
    await readModels.close();
    tail.close();
    expect(errors).toEqual([]);
    // The history's changes are told once, with the switch, at the position every group reflects.
    const historyTold = told.filter((commit) => commit.changes.some((change) => change.kind === 'events'));
    expect(historyTold).toHaveLength(1);
    expect(historyTold[0]?.position).toBe(position);
    expect(await documents.count(changeLogCollection.name)).toBeGreaterThan(0);
  });
});
