import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM_ORG_ID, READ_MODEL_REBUILD_STREAM, type ReadModelGroupName } from '@dispatch/domain';
import {
  collections,
  inProcessChangeFeed,
  type ProjectionCommit,
  REBUILD_STATUS_ID,
  rebuildStatusCollection,
  type StoredRebuildStatus,
} from '@dispatch/read-models';
import {
  type Document,
  type DocumentStore,
  type EventStore,
  openSqliteDocumentStore,
  openSqliteEventStore,
  type WriteOperation,
} from '@dispatch/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scratchOf } from './group-rebuild.ts';
import { projections } from './projections/index.ts';
import { readModelGroups, readModelsOfGroup } from './read-model-groups.ts';
import { shadowOf, startReadModels } from './read-model-rebuild.ts';
import { documentStoreCutOnce, documentStoreWith } from './testing/document-store-with.ts';
import { eventMetadata } from './testing/event-fixtures.ts';
import { projectedFromZero, readModelSnapshot } from './testing/read-model-snapshot.ts';
import { truckFixture } from './testing/truck-fixture.ts';

const truck = truckFixture('Projected');

const meta = (orgId: string, actorId = 'user-1') =>
  eventMetadata({ orgId, actorId, occurredAt: new Date().toISOString() });

let dir: string;
let events: EventStore;
let documents: DocumentStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-rebuild-'));
  events = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
  documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
});
afterEach(async () => {
  await documents.close();
  await events.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (truckId: number) =>
  events.append(
    `truck-${truckId}`,
    [{ id: randomUUID(), type: 'TruckPosted', data: { truckId, ...truck }, metadata: meta('org-a') }],
    { expected: 'no_stream' },
  );
const requestRebuild = (groups?: ReadModelGroupName[]) =>
  events.append(
    READ_MODEL_REBUILD_STREAM,
    [
      {
        id: randomUUID(),
        type: 'ReadModelRebuildRequested',
        data: groups ? { requestedBy: 'admin-1', groups } : { requestedBy: 'admin-1' },
        metadata: meta(PLATFORM_ORG_ID, 'admin-1'),
      },
    ],
    { expected: 'any' },
  );
const status = () => documents.get<StoredRebuildStatus>(rebuildStatusCollection.name, REBUILD_STATUS_ID);

async function until(check: () => Promise<boolean>, timeoutMs = 50_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out ${JSON.stringify(await status())}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Where the builder runs: on the test's thread, or on a thread of its own as the product runs it. */
const builders: [string, boolean][] = [
  ['on this thread', false],
  ['on a thread of its own', true],
];

/** The builder on a thread of its own, with its own connections to the files, as the product runs it. */
const onThread = (threaded: boolean) =>
  threaded ? { builderThread: { stores: { DATA_DIR: dir, MONGO_DB: 'dispatch' } } } : {};

// Two rebuilds in a row take seconds on a loaded machine: each waits for its own progress reports.
describe('read models rebuilt beside the ones in service', { timeout: 60_000 }, () => {
  it.each(builders)(
    'build again from the first event while the lists keep answering, then take over (builder %s)',
    async (_, threaded) => {
      for (let id = 1; id <= 300; id++) await post(id);
      const feed = inProcessChangeFeed();
      const commits: ProjectionCommit[] = [];
      feed.subscribe((commit) => commits.push(commit));
      const readModels = await startReadModels({
        eventStore: events,
        documents,
        projections,
        feed,
        batchSize: 20,
        catchUpBatchSize: 20,
        ...onThread(threaded),
      });
      expect(await readModels.waitFor(await events.headPosition(), 10_000)).toBe(true);
      expect((await status())?.state).toBe('idle');

      // A read model gone wrong (as a projection fixed since would have left it): the rebuild repairs it.
      const damaged = await documents.get(collections.trucks, '7');
      await documents.write([
        {
          op: 'put',
          collection: collections.trucks,
          document: { ...damaged, id: '7', truckName: 'Damaged' },
          position: BigInt(damaged?.position ?? 0) + 1n,
        },
      ]);

      // The list is never empty or partial while the rebuild runs, and postings keep arriving.
      const counts = new Set<number>();
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          counts.add(await documents.count(collections.trucks));
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      await requestRebuild();
      await until(async () => (await status())?.state === 'running');
      for (let id = 301; id <= 310; id++) await post(id);
      // A posting made while the read models switch over is told to live clients all the same.
      await until(async () => ['switching', 'completed'].includes((await status())?.state ?? ''), 15_000);
      await post(311);
      await until(async () => (await status())?.state === 'completed');
      const { position } = await post(312);
      expect(await readModels.waitFor(position, 5000)).toBe(true);
      const told = commits.flatMap((commit) => commit.changes.flatMap((change) => change.ids));
      expect(told).toEqual(expect.arrayContaining([305, 311, 312]));
      watching = false;
      await watcher;

      expect(Math.min(...counts)).toBeGreaterThanOrEqual(300);
      expect(await documents.count(collections.trucks)).toBe(312);
      expect((await documents.get(collections.trucks, '7'))?.truckName).toBe('Projected');
      await expect(documents.count(shadowOf(collections.trucks))).rejects.toThrow();
      const finished = await status();
      expect(finished).toMatchObject({
        state: 'completed',
        requestedBy: 'admin-1',
        etaSeconds: 0,
        error: null,
      });
      expect(BigInt(finished?.reached ?? 0)).toBeGreaterThanOrEqual(BigInt(finished?.handledUpTo ?? 0));
      expect(commits.at(-1)?.changes).toEqual([
        { kind: 'trucks', orgId: 'org-a', ids: expect.arrayContaining([312]) },
        // The posting is the organization's 312th public event.
        { kind: 'events', orgId: 'org-a', ids: expect.arrayContaining([312]) },
      ]);
      await readModels.close();
    },
  );

  it('takes up a request heard while a rebuild runs once that one is over, so none stays pending', async () => {
    for (let id = 1; id <= 100; id++) await post(id);
    const readModels = await startReadModels({
      eventStore: events,
      documents,
      projections,
      batchSize: 10,
      catchUpBatchSize: 10,
    });
    expect(await readModels.waitFor(await events.headPosition(), 10_000)).toBe(true);
    await requestRebuild();
    await until(async () => (await status())?.state === 'running');
    const { position: second } = await requestRebuild();
    await until(
      async () =>
        (await status())?.handledUpTo === second.toString() && (await status())?.state === 'completed',
    );
    await readModels.close();
  });

  it('takes up a request the builder applied while the live projector could not, so none is lost', async () => {
    for (let id = 1; id <= 50; id++) await post(id);
    // The live projector's writes past the first request fail (and are retried) until it is stopped
    // for the switch: only the builder applies the second request.
    let failLiveAfter: bigint | null = null;
    const store = documents;
    const flaky = documentStoreWith(store, {
      write: (operations) =>
        failLiveAfter !== null &&
        operations.some(
          (operation) =>
            operation.op === 'put' &&
            operation.collection === collections.checkpoints &&
            operation.document.id === 'read-models' &&
            operation.position > (failLiveAfter as bigint),
        )
          ? Promise.reject(new Error('the live read models cannot be written'))
          : store.write(operations),
    });
    const readModels = await startReadModels({
      eventStore: events,
      documents: flaky,
      projections,
      batchSize: 10,
      catchUpBatchSize: 10,
    });
    expect(await readModels.waitFor(await events.headPosition(), 10_000)).toBe(true);
    const { position: first } = await requestRebuild();
    failLiveAfter = first;
    await until(async () => (await status())?.handledUpTo === first.toString());
    const { position: second } = await requestRebuild();
    await until(
      async () =>
        (await status())?.handledUpTo === second.toString() && (await status())?.state === 'completed',
      20_000,
    );
    failLiveAfter = null;
    await readModels.close();
  });

  it('builds its read models again from the first event when a live batch was cut midway, and goes on', async () => {
    for (let id = 1; id <= 20; id++) await post(id);
    // The batch applying truck 25 commits its list rows with the mark of a batch under way, then the
    // rest fails (as a batch over two files leaves it when the second commit fails).
    const failing = documentStoreCutOnce(
      documents,
      (operations) =>
        operations.some((operation) => operation.op === 'put' && operation.document.id === '25'),
      (operation) => operation.collection !== collections.checkpoints,
    );
    const errors: unknown[] = [];
    const readModels = await startReadModels({
      eventStore: events,
      documents: failing,
      projections,
      onError: (error) => errors.push(error),
    });
    expect(await readModels.waitFor(await events.headPosition(), 10_000)).toBe(true);
    for (let id = 21; id <= 30; id++) await post(id);
    const { position } = await post(31);
    expect(await readModels.waitFor(position, 20_000)).toBe(true);
    await readModels.close();

    expect(failing.cut()).toBe(true);
    expect(String(errors.at(-1))).toMatch(/cut midway/);
    // Built again from the first event: every row once, the counters as a projection from zero counts.
    expect(await documents.count(collections.trucks)).toBe(31);
    expect(await documents.get(collections.checkpoints, 'read-models:unsettled')).toBeNull();
    expect(await readModelSnapshot(documents)).toEqual(await projectedFromZero(join(dir, 'events.sqlite')));
  });

  it('builds the read models again from the first event when the file a rebuild joined is gone', async () => {
    for (let id = 1; id <= 30; id++) await post(id);
    let readModels = await startReadModels({ eventStore: events, documents, projections });
    expect(await readModels.waitFor(await events.headPosition(), 10_000)).toBe(true);
    await requestRebuild(['boards']);
    await until(async () => (await status())?.state === 'completed');
    await readModels.close();
    await documents.close();
    // Deleted by hand, or left out of a restore.
    for (const file of readdirSync(dir).filter((name) => /^read-models\.r[0-9a-f]+\.sqlite/.test(name)))
      rmSync(join(dir, file), { force: true });

    documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
    const errors: unknown[] = [];
    readModels = await startReadModels({
      eventStore: events,
      documents,
      projections,
      onError: (error) => errors.push(error),
    });
    const { position } = await post(31);
    expect(await readModels.waitFor(position, 20_000)).toBe(true);
    await readModels.close();
    expect(String(errors[0])).toMatch(/are gone/);
    expect(await documents.count(collections.trucks)).toBe(31);
    expect(await readModelSnapshot(documents)).toEqual(await projectedFromZero(join(dir, 'events.sqlite')));
  });

  it('goes on with a rebuild a restart interrupted, and leaves requests from before it began alone', async () => {
    for (let id = 1; id <= 40; id++) await post(id);
    await requestRebuild();
    // The request predates the read models: building them from the first event covers it.
    let readModels = await startReadModels({ eventStore: events, documents, projections });
    expect(await readModels.waitFor(await events.headPosition(), 10_000)).toBe(true);
    expect((await status())?.state).toBe('idle');
    await readModels.close();

    // Stopped while running (as a crash would leave it): the next start takes the rebuild up again.
    const before = await status();
    await documents.write([
      {
        op: 'put',
        collection: rebuildStatusCollection.name,
        document: { ...before, id: REBUILD_STATUS_ID, state: 'running', position: undefined },
        position: BigInt(before?.position ?? 0) + 1n,
      },
    ]);
    readModels = await startReadModels({ eventStore: events, documents, projections });
    await until(async () => (await status())?.state === 'completed');
    expect(await documents.count(collections.trucks)).toBe(40);
    await readModels.close();

    // Stopped while switching over with its staging file not joined yet: the rebuild starts over and
    // leaves nothing of the interrupted one.
    const completed = await status();
    const staging = (await documents.stagingFile?.('read-models-rebuild')) ?? '';
    const interrupted = openSqliteDocumentStore({ path: staging, alone: true });
    await interrupted.ensureCollection({ name: shadowOf(collections.trucks), fields: {} });
    await interrupted.write([
      { op: 'put', collection: shadowOf(collections.trucks), document: { id: '999' }, position: 1n },
    ]);
    await interrupted.close();
    await documents.write([
      {
        op: 'put',
        collection: rebuildStatusCollection.name,
        document: { ...completed, id: REBUILD_STATUS_ID, state: 'switching', position: undefined },
        position: BigInt(completed?.position ?? 0) + 1n,
      },
    ]);
    readModels = await startReadModels({ eventStore: events, documents, projections });
    await until(async () => (await status())?.state === 'completed');
    expect(await documents.count(collections.trucks)).toBe(40);
    expect(await documents.get(collections.trucks, '999')).toBeNull();
    await expect(documents.count(shadowOf(collections.trucks))).rejects.toThrow();
    expect(existsSync(staging)).toBe(false);
    await readModels.close();
  });

  it.each(builders)(
    'rebuilds the groups an admin names alone, the other read models left as they serve (builder %s)',
    async (_, threaded) => {
      for (let id = 1; id <= 120; id++) await post(id);
      const errors: unknown[] = [];
      const written: WriteOperation[] = [];
      const watched = documentStoreWith(documents, {
        write: (operations) => {
          written.push(...operations);
          return documents.write(operations);
        },
      });
      const readModels = await startReadModels({
        eventStore: events,
        documents: watched,
        projections,
        batchSize: 10,
        catchUpBatchSize: 10,
        onError: (error) => errors.push(error),
        ...onThread(threaded),
      });
      expect(await readModels.waitFor(await events.headPosition(), 10_000)).toBe(true);

      // A board row and an activity entry gone wrong: rebuilding the boards repairs the row alone.
      const damage = async (collection: string, id: string, field: string) => {
        const row = await documents.get(collection, id);
        await documents.write([
          {
            op: 'put',
            collection,
            document: { ...row, id, [field]: 'Damaged' },
            position: BigInt(row?.position ?? 0) + 1n,
          },
        ]);
      };
      await damage(collections.trucks, '7', 'truckName');
      const [entry] = await documents.find<Document>(collections.activity, { limit: 1 });
      await damage(collections.activity, entry?.id ?? '', 'summary');
      written.length = 0;

      await requestRebuild(['boards']);
      await until(async () => (await status())?.state === 'running');
      expect((await status())?.groups).toEqual(['boards']);
      for (let id = 121; id <= 125; id++) await post(id);
      await until(async () => ['completed', 'failed'].includes((await status())?.state ?? ''));
      expect(await status()).toMatchObject({ state: 'completed', error: null });
      const { position } = await post(126);
      expect(await readModels.waitFor(position, 5000)).toBe(true);
      await readModels.close();
      expect(errors).toEqual([]);

      expect(await documents.count(collections.trucks)).toBe(126);
      expect((await documents.get(collections.trucks, '7'))?.truckName).toBe('Projected');
      expect((await documents.get(collections.activity, entry?.id ?? ''))?.summary).toBe('Damaged');
      // Built: the boards' shadows and scratch copies of the organizations they read; nothing else.
      const boards = modelsOf('boards');
      const rebuiltInto = new Set(
        written.map((operation) => operation.collection).filter((name) => name.includes('__')),
      );
      const shadows = [...rebuiltInto].filter((name) => name.endsWith('__rebuild')).map(shadowedName);
      // The builder writes in a staging file, through a store of its own: none of its rows passes
      // through this one.
      expect(shadows).toEqual([]);
      for (const name of rebuiltInto) await expect(documents.count(name)).rejects.toThrow();
      // That file joined the store: it holds the boards alone once its scratch copies of the
      // organizations and its checkpoint are dropped, and the first file no longer holds them.
      await documents.close();
      const joined = readdirSync(dir).filter((name) => /^read-models\.r[0-9a-f]+\.sqlite$/.test(name));
      expect(joined).toHaveLength(1);
      const file = openSqliteDocumentStore({ path: join(dir, joined[0] ?? ''), alone: true });
      const first = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite'), alone: true });
      const held = (store: DocumentStore, names: string[]) =>
        Promise.all(
          names.map((name) =>
            store.count(name).then(
              () => name,
              () => null,
            ),
          ),
        ).then((found) => found.filter((name) => name !== null));
      const organizations = modelsOf('organizations');
      try {
        expect(await held(file, boards.map(shadowOf))).toEqual(boards.map(shadowOf));
        expect(await held(file, [...organizations.map(scratchOf), collections.checkpoints])).toEqual([]);
        expect(await held(first, boards)).toEqual([]);
        expect(await held(first, organizations)).toEqual(organizations);
      } finally {
        await file.close();
        await first.close();
      }
      documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
      expect(await documents.count(collections.trucks)).toBe(126);
    },
  );
});

/** The read models of one of the product's groups. */
function modelsOf(name: ReadModelGroupName): string[] {
  const group = readModelGroups.find((candidate) => candidate.name === name);
  if (!group) throw new Error(`no group ${name}`);
  return readModelsOfGroup(group);
}

/** The read model a shadow collection builds. */
const shadowedName = (name: string) => name.replace(/__rebuild$/, '');
