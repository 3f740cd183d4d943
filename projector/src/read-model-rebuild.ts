import type { StoreLocation } from '@dispatch/config';
import { isRebuildUnderWay, type ReadModelRebuildRequested, rebuiltGroupsOf } from '@dispatch/domain';
import { loadGazetteer } from '@dispatch/places';
import {
  type ChangeFeed,
  ChangeSet,
  changeLogCollection,
  collections,
  GROUP_REBUILD_CHECKPOINT,
  idleRebuildStatus,
  type ProjectionCommit,
  READ_MODEL_CATALOG_ID,
  REBUILD_CHECKPOINT,
  REBUILD_STATUS_ID,
  rebuildStatusCollection,
  type StoredReadModelCatalog,
  type StoredRebuildStatus,
} from '@dispatch/read-models';
import {
  type Document,
  openSqliteDocumentStore,
  type RecordedEvent,
  type WriteOperation,
} from '@dispatch/storage';
import {
  builtTogether,
  dropLeftForLater,
  type GroupRebuildPlan,
  planGroupRebuild,
  scratchOf,
} from './group-rebuild.ts';
import type { Projection } from './projection.ts';
import { REBUILD_REQUESTED } from './projections/rebuild-requests.ts';
import { type ReadModelGroup, readModelGroups, readModelsOfGroup } from './read-model-groups.ts';
import {
  type Projector,
  type ProjectorOptions,
  readModelsOf,
  startProjector,
  unsettledOf,
} from './runner/index.ts';
import { type StoreView, viewOf } from './runner/store-views.ts';
import { startThreadedProjector } from './runner/threaded-projector.ts';

/** The read models a group builder may read: the groups' it builds (see `readingOnly`). */
const readableBy = (built: readonly Projection[]) =>
  built.flatMap((projection) => projection.collections.map((definition) => definition.name));

/** Where a rebuild builds each read model while the one in service keeps serving. */
export const shadowOf = (collection: string) => `${collection}__rebuild`;
const PROGRESS_INTERVAL_MS = 1000;

/** Deletes a document whatever its position. */
const ANY_POSITION = 1n << 62n;

/**
 * The read models in service, kept by a projector, and rebuilt without downtime when a super_admin
 * asks (blue/green): a second projector builds every read model from position 0 into shadow
 * collections while the first keeps serving, reporting its progress (position, head, events per
 * second, time left) in the status document about every second. Once it has caught up, the live
 * projector stops, the builder reaches the live one's position, and the shadow collections take the
 * place of the served ones in one switch, with the live checkpoint moved to the builder's position;
 * the live projector then goes on from there. Reads see the old read models or the new, never a mix
 * or an empty list; commands are only slowed for the moment of the switch. A rebuild interrupted by a
 * restart goes on from its own checkpoint.
 *
 * An admin may ask for some groups of read models only (the boards after a change to a list): the
 * builder then builds those groups' read models into shadow collections, and re-applies the groups
 * they read into scratch copies, so each event reads them as they stood then; only the asked-for
 * groups switch, and every other read model is left as it serves. The groups that read a rebuilt one
 * are not built again: the admin names them too when they should be.
 */
export async function startReadModels(
  options: ProjectorOptions & {
    groups?: readonly ReadModelGroup[];
    /**
     * Where the stores are, for a rebuild's builder to run on a thread of its own with its own
     * connections (the product's projections only); without it, the builder shares this thread.
     */
    builderThread?: { stores: StoreLocation };
  },
): Promise<Projector> {
  const { eventStore, documents, projections } = options;
  const liveName = options.name ?? 'read-models';
  const names = new Set(projections.flatMap((projection) => projection.collections.map((c) => c.name)));
  const onError = options.onError ?? (() => {});
  // The places of the trucks and loads (about 0.13 s to index) while this thread waits for the store's
  // first answers (its writer thread starting, old tables dropped), rather than in the first batch.
  setImmediate(loadGazetteer);

  await documents.ensureCollection(rebuildStatusCollection);
  const stored = await documents.get<StoredRebuildStatus>(rebuildStatusCollection.name, REBUILD_STATUS_ID);
  let status: StoredRebuildStatus = stored ?? {
    ...idleRebuildStatus,
    id: REBUILD_STATUS_ID,
    position: '0',
    handledUpTo: (await eventStore.headPosition()).toString(),
  };
  let revision = stored ? BigInt(stored.position) : 0n;
  async function save(changes: Partial<StoredRebuildStatus>) {
    status = { ...status, ...changes };
    revision += 1n;
    const { position: _position, ...document } = status;
    await documents.write([
      { op: 'put', collection: rebuildStatusCollection.name, document, position: revision },
    ]);
  }
  if (!stored) await save({});
  const allGroups = options.groups ?? readModelGroups;
  // Only groups whose projections the code has all of.
  const codeGroups = allGroups.filter((group) => group.projections.every((p) => projections.includes(p)));
  const catalog = codeGroups.map((group) => ({ name: group.name, readModels: readModelsOfGroup(group) }));
  const storedCatalog = await documents.get<StoredReadModelCatalog>(
    rebuildStatusCollection.name,
    READ_MODEL_CATALOG_ID,
  );
  if (JSON.stringify(storedCatalog?.groups) !== JSON.stringify(catalog)) {
    const document: Omit<StoredReadModelCatalog, 'position'> = { id: READ_MODEL_CATALOG_ID, groups: catalog };
    await documents.write([
      {
        op: 'put',
        collection: rebuildStatusCollection.name,
        document,
        position: BigInt(storedCatalog?.position ?? 0) + 1n,
      },
    ]);
  }

  // Read models whose file is gone are built again from the first event, with every read model the
  // live checkpoint keeps: as after a batch cut midway, the live projector finds its mark.
  const lost = (await documents.forgetLostFiles?.()) ?? [];
  if (lost.length > 0) {
    onError(new Error(`The files of ${lost.join(', ')} are gone: the read models are built again`));
    await documents.write([
      {
        op: 'put',
        collection: collections.checkpoints,
        document: { id: unsettledOf(liveName) },
        position: 1n,
      },
    ]);
  }
  // What an earlier start left to drop once the boards served, and did not get to.
  await dropLeftForLater(documents, liveName);
  // A start whose code has a new version of some read models builds their groups again beside the
  // others, which keep serving (a full rebuild under way builds all).
  const plan = isRebuildUnderWay(status.state)
    ? null
    : await planGroupRebuild(documents, liveName, projections, allGroups);
  let served: Projection[] = plan?.served ?? projections;
  /** The builder of a group rebuild under way: readers wait for it too. */
  let groupBuilder: Projector | null = null;
  /** The position every read model reflects: the live projector's, or the builder's if behind. */
  const reflected = (position: bigint) => {
    const built = groupBuilder?.position();
    return built !== undefined && built < position ? built : position;
  };

  let closed = false;
  let rebuilding: Promise<void> | null = null;
  /** The newest request heard of: one heard while a rebuild was under way is taken up after it. */
  let latestRequest = 0n;
  /** Settles when a switch in progress is over (waiters of the stopped projector try the new one). */
  let switching: Promise<void> | null = null;
  /** Every rebuild request a projector applies is heard, the live one's or the builder's. */
  function hearRequests(commit: ProjectionCommit) {
    for (const change of commit.changes) {
      if (change.kind !== REBUILD_REQUESTED) continue;
      for (const id of change.ids) requested(BigInt(id));
    }
  }
  const relay: ChangeFeed = {
    publish(commit: ProjectionCommit) {
      options.feed?.publish({ ...commit, position: reflected(commit.position) });
      hearRequests(commit);
    },
    subscribe: (listener) => options.feed?.subscribe(listener) ?? (() => {}),
  };
  const startLive = (until?: bigint) =>
    startProjector({
      ...options,
      projections: served,
      feed: relay,
      stopAt: until,
      reflected,
      onHalt: restartAfterHalt,
    });
  /**
   * A live batch cut midway (a write that failed between the files it spans): the live projector starts
   * again, which builds its read models again from the first event (`checkpointFor`); readers waiting
   * meanwhile wait for the new one (`switching`).
   */
  function restartAfterHalt(error: Error) {
    onError(error);
    if (closed || switching) return;
    const halted = live;
    let finish = () => {};
    switching = new Promise((resolve) => {
      finish = resolve;
    });
    (async () => {
      await halted.close();
      if (!closed && live === halted) live = await startLive();
    })()
      .catch(onError)
      .finally(() => {
        finish();
        switching = null;
      });
  }
  let live = await startLive();
  // What a switch a crash interrupted left behind goes, beside the read models in service.
  documents.tidy?.().catch(onError);

  function requested(position: bigint) {
    if (position > latestRequest) latestRequest = position;
    if (closed || rebuilding || position <= BigInt(status.handledUpTo)) return;
    rebuilding = rebuild(position).finally(() => {
      rebuilding = null;
      requested(latestRequest);
    });
  }

  async function requestOf(position: bigint): Promise<RecordedEvent | undefined> {
    const [event] = await eventStore.readAll(position - 1n, 1);
    return event?.position === position ? event : undefined;
  }

  /** A rebuild from nothing (`fresh`, as for a request), or one a restart interrupted, from its checkpoint. */
  async function rebuild(request: bigint | null, options: { fresh: boolean } = { fresh: true }) {
    try {
      if (request !== null) {
        const event = await requestOf(request);
        const data = event?.data as ReadModelRebuildRequested['data'] | undefined;
        await save({
          state: 'running',
          groups: rebuiltGroupsOf(data?.groups),
          handledUpTo: request.toString(),
          requestedBy: data?.requestedBy ?? null,
          requestedAt: event?.metadata.occurredAt ?? null,
          startedAt: new Date().toISOString(),
          finishedAt: null,
          head: (await eventStore.headPosition()).toString(),
          eventsPerSecond: 0,
          etaSeconds: null,
          error: null,
        });
      }
      const target = targetOf(status.groups);
      if (options.fresh)
        await save({ state: 'running', startedAt: new Date().toISOString(), reached: '0', etaSeconds: null });
      // A store with files builds in a staging file of its own, begun afresh for a new rebuild (what an
      // earlier, unfinished one built goes with its file).
      const staging = (await documents.stagingFile?.(REBUILD_CHECKPOINT, { fresh: options.fresh })) ?? null;
      if (options.fresh && !staging) {
        // A new rebuild starts from nothing: what an earlier, unfinished one left goes.
        for (const name of names) await documents.dropCollection(shadowOf(name));
        for (const name of target.scratch) await documents.dropCollection(scratchOf(name));
        await documents.write([
          {
            op: 'delete',
            collection: collections.checkpoints,
            id: REBUILD_CHECKPOINT,
            position: ANY_POSITION,
          },
        ]);
      }
      await build(target, staging);
    } catch (error) {
      onError(error);
      await save({ state: 'failed', finishedAt: new Date().toISOString(), error: String(error) }).catch(
        onError,
      );
    }
  }

  /** What a rebuild builds: every read model, or some groups' beside scratch copies of those they read. */
  interface RebuildTarget {
    /** The read models that switch. */
    switched: ReadonlySet<string>;
    /** The builder's projections, and those of them whose changes are not told. */
    built: Projection[];
    untold: Projection[];
    /** Read models the builder reads as they stood at each event, dropped after the switch. */
    scratch: ReadonlySet<string>;
    view: StoreView;
  }
  function targetOf(groupNames: readonly string[] | null): RebuildTarget {
    const rebuilt = codeGroups.filter((group) => groupNames?.includes(group.name));
    if (!groupNames || rebuilt.length === 0) {
      return {
        switched: names,
        built: projections,
        untold: [],
        scratch: new Set(),
        view: { renamed: [...names].map((name) => [name, shadowOf(name)]), readable: null },
      };
    }
    const plan = builtTogether(rebuilt, codeGroups, projections);
    const switched = new Set(rebuilt.flatMap(readModelsOfGroup));
    return {
      switched,
      built: plan.built,
      untold: plan.untold,
      scratch: plan.scratch,
      view: {
        renamed: [
          ...[...switched].map((name): [string, string] => [name, shadowOf(name)]),
          ...[...plan.scratch].map((name): [string, string] => [name, scratchOf(name)]),
        ],
        readable: readableBy(plan.built),
      },
    };
  }

  /**
   * A builder of read models: on a thread of its own when the stores can be opened there; in a staging
   * file (`staging`, its path) with a writer of its own, or beside the read models in service.
   */
  async function startBuilder(builder: {
    view: StoreView;
    projections: Projection[];
    untold: Projection[];
    feed: ChangeFeed;
    name: string;
    stopAt?: bigint;
    staging?: string | null;
  }): Promise<Projector> {
    const common = {
      projections: builder.projections,
      untold: builder.untold,
      feed: builder.feed,
      name: builder.name,
      batchSize: options.batchSize,
      catchUpBatchSize: options.catchUpBatchSize,
      stopAt: builder.stopAt,
      onError,
    };
    const staging = builder.staging ?? undefined;
    if (options.builderThread)
      return startThreadedProjector({
        ...common,
        stores: options.builderThread.stores,
        view: builder.view,
        stagingPath: staging,
      });
    if (!staging)
      return startProjector({ ...common, eventStore, documents: viewOf(documents, builder.view) });
    const staged = openSqliteDocumentStore({ path: staging, alone: true });
    const projector = await startProjector({
      ...common,
      eventStore,
      documents: viewOf(staged, builder.view),
    }).catch(async (error: unknown) => {
      await staged.close();
      throw error;
    });
    return {
      ...projector,
      async close() {
        await projector.close();
        await staged.close();
      },
    };
  }

  async function build(target: RebuildTarget, staging: string | null) {
    // What the builder applies once the live projector has stopped, no live client has heard of yet:
    // it is told once the new read models serve.
    const unheard = new ChangeSet();
    let collecting = false;
    const builderFeed: ChangeFeed = {
      publish(commit) {
        if (collecting) unheard.addAll(commit.changes);
        // The builder may pass a request the live projector has not reached when it stops: heard here,
        // it is taken up once this rebuild is over (requests up to the one being handled are ignored).
        hearRequests(commit);
      },
      subscribe: () => () => {},
    };
    const builder = await startBuilder({
      view: target.view,
      projections: target.built,
      untold: target.untold,
      feed: builderFeed,
      name: REBUILD_CHECKPOINT,
      staging,
    });
    try {
      // Progress until the builder stands at the head with its indexes built.
      let last = { at: performance.now(), position: builder.position() };
      let pace = 0;
      for (;;) {
        if (closed) return;
        const head = await eventStore.headPosition();
        const done = await builder.waitFor(head, PROGRESS_INTERVAL_MS);
        const now = performance.now();
        const position = builder.position();
        const recent = (Number(position - last.position) * 1000) / Math.max(1, now - last.at);
        pace = pace === 0 ? recent : pace * 0.5 + recent * 0.5;
        last = { at: now, position };
        const left = Number((head > position ? head : position) - position);
        await save({
          reached: position.toString(),
          head: head.toString(),
          eventsPerSecond: Math.round(pace),
          etaSeconds: done ? 0 : pace > 0 ? Math.ceil(left / pace) : null,
        });
        if (done) break;
      }
      await save({ state: 'switching' });
      await switchOver(builder, target, staging !== null, () => {
        collecting = true;
        return unheard;
      });
    } finally {
      await builder.close();
    }
  }

  async function switchOver(
    builder: Projector,
    { switched, scratch }: RebuildTarget,
    staged: boolean,
    collectUnheard: () => ChangeSet,
  ) {
    let finish = () => {};
    switching = new Promise((resolve) => {
      finish = resolve;
    });
    let stoppedLive = false;
    try {
      await live.close();
      stoppedLive = true;
      const unheard = collectUnheard();
      const stopped = live.position();
      if (!(await builder.waitFor(stopped, 60_000)))
        throw new Error('The rebuild fell behind the read models');
      await builder.close();
      const built = builder.position();
      if (built > stopped && switched.size < names.size) {
        // The builder went on past where the live projector stopped: the read models that stay in
        // service are brought to the same position, so the checkpoint the switch writes holds for all.
        live = await startLive(built);
        if (!(await live.waitFor(built, 60_000))) throw new Error('The read models fell behind the rebuild');
        await live.close();
      }
      const changeLog: WriteOperation[] = options.writeChangeLog
        ? [
            {
              op: 'put',
              collection: changeLogCollection.name,
              document: { id: built.toString(), seq: Number(built), changes: unheard.list() },
              position: built,
            },
          ]
        : [];
      await documents.replaceCollections(
        [...switched].map((name) => ({ target: name, source: shadowOf(name) })),
        [
          {
            op: 'put',
            collection: collections.checkpoints,
            document: { id: liveName, readModels: readModelsOf(projections) },
            position: built,
          },
          { op: 'delete', collection: collections.checkpoints, id: REBUILD_CHECKPOINT, position: built + 1n },
          ...changeLog,
        ],
        // From the staging file, which joins the store: its scratch copies go with its tidying.
        staged ? { staged: REBUILD_CHECKPOINT } : {},
      );
      live = await startLive();
      stoppedLive = false;
      // Before the rebuild says it is over, so a restart after a kill here finds them gone or drops them.
      if (!staged) for (const name of scratch) await documents.dropCollection(scratchOf(name)).catch(onError);
      // Readers waiting for a position up to the builder's are answered by the new read models, and
      // live clients hear of what changed while the live projector stood still. Through the relay, so a
      // rebuild request the builder applied meanwhile is heard too, and taken up after this one.
      relay.publish({ position: built, changes: unheard.list() });
      await save({
        state: 'completed',
        finishedAt: new Date().toISOString(),
        reached: built.toString(),
        head: built.toString(),
        etaSeconds: 0,
      });
    } catch (error) {
      // Whatever happened, the read models in service keep being kept.
      if (stoppedLive) live = await startLive();
      throw error;
    } finally {
      finish();
      switching = null;
    }
  }

  /**
   * Builds the plan's groups from position 0 beside the read models in service: the groups they read
   * are built again too, into scratch copies, so each event reads them as they stood then while the
   * served ones are left alone. Once caught up, the live projector and the builder are stopped at the
   * same position and the rebuilt groups join the others under the live checkpoint.
   */
  function groupBuilderOf(plan: GroupRebuildPlan) {
    const view: StoreView = {
      renamed: [...plan.scratch].map((name) => [name, scratchOf(name)]),
      readable: readableBy(plan.built),
    };
    // What the rebuilt groups change is told as it is built, as a start building every read model does;
    // a query API in another process hears of it with the switch (the change log follows the live position).
    const builderFeed: ChangeFeed = {
      publish(commit) {
        if (options.writeChangeLog) plan.untoldYet.addAll(commit.changes);
        else if (commit.changes.length > 0)
          relay.publish({ position: live.position(), changes: commit.changes });
      },
      subscribe: () => () => {},
    };
    return (until?: bigint) =>
      startBuilder({
        view,
        projections: plan.built,
        untold: plan.untold,
        feed: builderFeed,
        name: GROUP_REBUILD_CHECKPOINT,
        stopAt: until,
        staging: plan.staging,
      });
  }

  async function rebuildGroups(
    plan: GroupRebuildPlan,
    startBuilder: (until?: bigint) => Promise<Projector>,
    started: Projector,
  ) {
    let builder = started;
    /**
     * Where the builder stands, told in the read models' own file (its checkpoint is in its staging
     * file): the screens that say how far the rebuild is, and a query API starting meanwhile, read it.
     */
    let told: bigint | null = null;
    const tellProgress = async () => {
      if (!plan.staging || builder.position() === told) return;
      told = builder.position();
      await documents.write([
        {
          op: 'put',
          collection: collections.checkpoints,
          document: { id: GROUP_REBUILD_CHECKPOINT, readModels: readModelsOf(plan.built) },
          position: builder.position(),
        },
      ]);
    };
    try {
      for (;;) {
        if (closed) return;
        await tellProgress();
        if (await builder.waitFor(await eventStore.headPosition(), PROGRESS_INTERVAL_MS)) break;
      }
      // A closing process does not switch: the next start does.
      if (closed) return;
      let finish = () => {};
      switching = new Promise((resolve) => {
        finish = resolve;
      });
      try {
        await live.close();
        await builder.close();
        // Both stopped; the one behind goes on to where the other stopped, and no further.
        let at = live.position();
        if (builder.position() < at) {
          builder = await startBuilder(at);
          groupBuilder = builder;
          if (!(await builder.waitFor(at, 60_000)))
            throw new Error('The rebuild fell behind the read models');
          await builder.close();
        } else if (builder.position() > at) {
          at = builder.position();
          live = await startLive(at);
          if (!(await live.waitFor(at, 60_000))) throw new Error('The read models fell behind the rebuild');
          await live.close();
        }
        const { position: _position, ...checkpoint } =
          (await documents.get<Document>(collections.checkpoints, liveName)) ?? ({} as Document);
        const join: WriteOperation[] = [
          { op: 'delete', collection: collections.checkpoints, id: liveName, position: at + 1n },
          {
            op: 'put',
            collection: collections.checkpoints,
            document: { ...checkpoint, id: liveName, readModels: readModelsOf(projections) },
            position: at,
          },
          {
            op: 'delete',
            collection: collections.checkpoints,
            id: GROUP_REBUILD_CHECKPOINT,
            position: ANY_POSITION,
          },
          // After the live projector's entry at this position, which the change log's readers have passed.
          ...(options.writeChangeLog
            ? [
                {
                  op: 'put' as const,
                  collection: changeLogCollection.name,
                  document: { id: `${at}-groups`, seq: Number(at) + 0.5, changes: plan.untoldYet.list() },
                  position: at,
                },
              ]
            : []),
        ];
        // From a staging file, the rebuilt groups join the store with the checkpoint; otherwise they
        // were built in place, and the checkpoint alone takes them in.
        if (plan.staging)
          await documents.replaceCollections(
            plan.groups.flatMap(readModelsOfGroup).map((name) => ({ target: name, source: name })),
            join,
            { staged: GROUP_REBUILD_CHECKPOINT },
          );
        else await documents.write(join);
        groupBuilder = null;
        served = projections;
        if (!plan.staging)
          for (const name of plan.scratch) await documents.dropCollection(scratchOf(name)).catch(onError);
      } finally {
        // Whatever happened, the read models in service keep being kept (with the groups, once joined).
        live = await startLive();
        finish();
        switching = null;
      }
    } catch (error) {
      // The next start goes on from the builder's checkpoint.
      onError(error);
    } finally {
      await builder.close();
    }
  }
  if (plan) {
    const startBuilder = groupBuilderOf(plan);
    const begin = async () => {
      // Boards first: the builder starts once the live projector has built them again (beside them it
      // would share the cores and the writer with them). Readers wait for it once it has started.
      if (plan.boardsFirst) {
        const head = await eventStore.headPosition();
        while (!closed && !(await live.waitFor(head, PROGRESS_INTERVAL_MS)));
        if (closed) return;
        // The other groups' old tables go before their builder starts: its read models take their names.
        await dropLeftForLater(documents, liveName);
        groupBuilder = await startBuilder();
      }
      await rebuildGroups(plan, startBuilder, groupBuilder as Projector);
    };
    // Otherwise started before the first reader asks: readers wait for it from the start.
    if (!plan.boardsFirst) groupBuilder = await startBuilder();
    rebuilding = begin().finally(() => {
      rebuilding = null;
      requested(latestRequest);
    });
  }

  // A rebuild a restart interrupted goes on from its checkpoint. One interrupted while switching over
  // is done if its checkpoint is gone (the switch commits with it); otherwise it starts over, since on
  // MongoDB some collections may have switched and others not (SQLite switches all or none).
  if (isRebuildUnderWay(status.state)) {
    // With files, the staging file is under way until the switch (which commits its joining).
    const unfinished = documents.stagingFile
      ? await documents.stagingFile(REBUILD_CHECKPOINT, { create: false })
      : await documents.get<Document>(collections.checkpoints, REBUILD_CHECKPOINT);
    if (status.state === 'switching' && !unfinished) {
      // The switch had committed: only the scratch copies of the groups a group rebuild read are left.
      for (const name of targetOf(status.groups).scratch) await documents.dropCollection(scratchOf(name));
      await save({ state: 'completed', finishedAt: new Date().toISOString() });
    } else {
      rebuilding = rebuild(null, { fresh: status.state === 'switching' }).finally(() => {
        rebuilding = null;
      });
    }
  }

  return {
    position: () => reflected(live.position()),
    async waitFor(position, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const current = live;
        const builder = groupBuilder;
        const left = () => Math.max(0, deadline - performance.now());
        // A group rebuild under way: its read models are waited for too.
        // A builder whose thread stopped never gets there (the next start goes on with its work).
        if (
          (await current.waitFor(position, left())) &&
          (!builder || (await builder.waitFor(position, left()).catch(() => false)))
        )
          return true;
        if (switching) await switching;
        if ((current === live && builder === groupBuilder) || performance.now() >= deadline) return false;
      }
    },
    async close() {
      closed = true;
      await rebuilding;
      await live.close();
    },
  };
}
