import {
  ChangeSet,
  checkpointsCollection,
  collections,
  GROUP_REBUILD_CHECKPOINT,
} from '@dispatch/read-models';
import {
  type Document,
  type DocumentStore,
  openSqliteDocumentStore,
  type WriteOperation,
} from '@dispatch/storage';
import type { Projection } from './projection.ts';
import {
  groupsAfterTheBoards,
  groupsReadBy,
  groupsToRebuild,
  type ReadModelGroup,
} from './read-model-groups.ts';
import { readModelsOf, unsettledOf } from './runner/index.ts';

/** Deletes a document whatever its position. */
const ANY_POSITION = 1n << 62n;

/**
 * The tables a start leaves for after the boards serve (the other groups' old read models), beside the
 * checkpoints: a start that finds it drops those its live checkpoint does not name, so a crash before
 * they went leaves none on disk for good.
 */
export const DROPPED_LATER = 'read-models-dropped-later';

/** A start's rebuild of some groups: what the live projector keeps serving, what the builder builds. */
export interface GroupRebuildPlan {
  groups: ReadModelGroup[];
  /** The projections kept in service meanwhile: every other group's, and those of no group. */
  served: Projection[];
  /** The builder's: the groups rebuilt, and those they read, in the product's order. */
  built: Projection[];
  /** Projections of the groups read, applied into scratch copies, their changes not told. */
  untold: Projection[];
  /** The scratch copies' read models: the served ones of the groups read. */
  scratch: Set<string>;
  /** What the rebuilt groups changed that a change log's readers are told of with the switch. */
  untoldYet: ChangeSet;
  /** The served read models are built again from the first event too, before the builder starts. */
  boardsFirst: boolean;
  /**
   * The staging file the builder writes in, where the store has files (see `DocumentStore.stagingFile`):
   * the rebuilt groups join the store from it at the switch.
   */
  staging: string | null;
}

type CheckpointDocument = Document & { readModels?: string };

/**
 * What building `rebuilt` again takes: their projections, and those of the groups they read (directly
 * or through others) applied into scratch copies so each event reads them as they stood then, their
 * changes not told; every other projection keeps serving.
 */
export function builtTogether(
  rebuilt: readonly ReadModelGroup[],
  groups: readonly ReadModelGroup[],
  projections: readonly Projection[],
): Omit<GroupRebuildPlan, 'untoldYet' | 'boardsFirst' | 'staging'> {
  const rebuiltProjections = new Set(rebuilt.flatMap((group) => group.projections));
  const read = new Set(
    groupsReadBy(
      groups,
      rebuilt.map((group) => group.name),
    ).flatMap((group) => group.projections),
  );
  const untold = projections.filter((projection) => read.has(projection));
  return {
    groups: [...rebuilt],
    served: projections.filter((projection) => !rebuiltProjections.has(projection)),
    built: projections.filter((projection) => rebuiltProjections.has(projection) || read.has(projection)),
    untold,
    scratch: new Set(untold.flatMap((projection) => projection.collections.map((c) => c.name))),
  };
}

/**
 * Where a start stands with the read models kept so far: null when they are the code's, or when a
 * read model outside every group changed (the live projector then builds every one from position 0).
 * Else the groups to build again while the others keep serving; the live checkpoint is then kept for
 * the served read models only, so a restart before the switch goes on with the same plan. When every
 * group is to be built again, the boards come first: the live projector builds them (and the groups
 * they read) from position 0, then the builder the other groups beside them.
 */
export async function planGroupRebuild(
  documents: DocumentStore,
  liveName: string,
  projections: Projection[],
  allGroups: readonly ReadModelGroup[],
): Promise<GroupRebuildPlan | null> {
  await documents.ensureCollection(checkpointsCollection);
  const live = await documents.get<CheckpointDocument>(collections.checkpoints, liveName);
  if (!live || live.readModels === readModelsOf(projections)) return null;
  // Only groups whose projections the code has all of.
  const groups = allGroups.filter((group) => group.projections.every((p) => projections.includes(p)));
  const kept = new Set((live.readModels ?? '').split(','));
  // Every group to build again: the live projector builds the boards (and the groups they read) again
  // from the first event, then a builder the other groups beside them, so the boards are back first.
  const changed = groupsToRebuild(groups, projections, kept);
  const boardsFirst = changed ? null : groupsAfterTheBoards(groups, projections, kept);
  const rebuilt = changed ?? boardsFirst;
  if (!rebuilt) return null;
  const plan: GroupRebuildPlan = {
    ...builtTogether(rebuilt, groups, projections),
    untoldYet: new ChangeSet(),
    boardsFirst: boardsFirst !== null,
    staging: null,
  };
  const { served } = plan;

  const servedModels = readModelsOf(served);
  // Boards first, the live checkpoint is rewritten below, with the tables left for later.
  if (!boardsFirst && live.readModels !== servedModels) {
    // Read models the checkpoint kept that the code no longer has (an earlier version) go, with
    // the groups' others: they are built again by the builder, from nothing.
    const code = new Set(readModelsOf(projections).split(','));
    for (const retired of kept) if (retired && !code.has(retired)) await documents.dropCollection(retired);
    await documents.write(naming(live, liveName, servedModels));
  }
  const staged = (await documents.stagingFile?.(GROUP_REBUILD_CHECKPOINT, { create: false })) ?? null;
  // With files, the builder's checkpoint is in its staging file (the one in the first file only tells
  // readers where it stands): without that file, the build starts from nothing.
  const builder = documents.stagingFile
    ? staged
      ? await checkpointIn(staged)
      : null
    : await documents.get<CheckpointDocument>(collections.checkpoints, GROUP_REBUILD_CHECKPOINT);
  // Boards first, the builder starts from nothing too: its groups' old tables are left for later, below.
  const fresh = boardsFirst !== null || builder?.readModels !== readModelsOf(plan.built);
  plan.staging = (await documents.stagingFile?.(GROUP_REBUILD_CHECKPOINT, { fresh })) ?? null;
  // A new build starts from nothing: the groups' read models, and what an earlier builder left.
  const left = plan.built.flatMap((projection) =>
    projection.collections.map((definition) =>
      plan.scratch.has(definition.name) ? scratchOf(definition.name) : definition.name,
    ),
  );
  if (boardsFirst) {
    // The boards come back first: the other groups' old tables (the activity log, the event feed, the
    // ended versions, large) are dropped once the boards serve, not before their first event. Until
    // then the live checkpoint names the boards alone, their rows marked as not at it, so the live
    // projector builds them again from the first event and readers see the other groups being rebuilt.
    const servedNames = new Set(servedModels.split(','));
    const later = new Set([...kept, ...left].filter((name) => name && !servedNames.has(name)));
    await documents.write([
      { op: 'delete', collection: collections.checkpoints, id: DROPPED_LATER, position: ANY_POSITION },
      {
        op: 'put',
        collection: collections.checkpoints,
        document: { id: DROPPED_LATER, names: [...later].join(',') },
        position: 1n,
      },
      ...naming(live, liveName, servedModels),
      {
        op: 'put',
        collection: collections.checkpoints,
        document: { id: unsettledOf(liveName) },
        position: 1n,
      },
    ]);
  } else if (fresh) for (const name of left) await documents.dropCollection(name);
  if (fresh) {
    await documents.write([
      {
        op: 'delete',
        collection: collections.checkpoints,
        id: GROUP_REBUILD_CHECKPOINT,
        position: ANY_POSITION,
      },
    ]);
  }
  return plan;
}

/** The live checkpoint `live`, at its position, rewritten to name `readModels`. */
function naming(live: CheckpointDocument, liveName: string, readModels: string): WriteOperation[] {
  const position = BigInt(live.position);
  const { id: _id, position: _position, ...fields } = live;
  return [
    { op: 'delete', collection: collections.checkpoints, id: liveName, position: position + 1n },
    {
      op: 'put',
      collection: collections.checkpoints,
      document: { ...fields, id: liveName, readModels },
      position,
    },
  ];
}

/**
 * Drops the tables a start left for later (see `DROPPED_LATER`) that the live checkpoint `liveName`
 * does not name: at a start, before anything reads or builds them, and once the boards serve, before
 * the builder of the other groups starts (its read models join under the same names).
 */
export async function dropLeftForLater(documents: DocumentStore, liveName: string): Promise<void> {
  await documents.ensureCollection(checkpointsCollection);
  const left = await documents.get<Document & { names?: string }>(collections.checkpoints, DROPPED_LATER);
  if (!left) return;
  const live = await documents.get<CheckpointDocument>(collections.checkpoints, liveName);
  const named = new Set((live?.readModels ?? '').split(','));
  for (const name of (left.names ?? '').split(',')) {
    if (name && !named.has(name)) await documents.dropCollection(name);
  }
  await documents.write([
    { op: 'delete', collection: collections.checkpoints, id: DROPPED_LATER, position: ANY_POSITION },
  ]);
}

/** The builder's checkpoint in its staging file, if it wrote one. */
async function checkpointIn(staging: string): Promise<CheckpointDocument | null> {
  const staged = openSqliteDocumentStore({ path: staging, alone: true, writer: 'inline' });
  try {
    return await staged.get<CheckpointDocument>(collections.checkpoints, GROUP_REBUILD_CHECKPOINT);
  } catch {
    // Begun, never written to.
    return null;
  } finally {
    await staged.close();
  }
}

/** Where a group rebuild keeps its copy of a read model it reads. */
export const scratchOf = (collection: string) => `${collection}__group_rebuild`;
