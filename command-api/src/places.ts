import { conflict, type PlacesState } from '@dispatch/domain';
import type { DocumentStore, EventStore, Filter } from '@dispatch/storage';
import { type Aggregate, type CommandContext, handle } from './command-handler.ts';

const COUNT_PAGE = 500;

/** A cap kept on a places stream (see `PlacesState` in the domain): how its commands and counts are made. */
export interface Places<
  Key extends { orgId: string },
  Command,
  Event extends { type: string; data: unknown },
> {
  aggregate: Aggregate<Key, PlacesState, Command, Event>;
  take: (id: string, counted: string[] | null) => Command;
  free: (id: string) => Command;
  /** Where the read model keeps the items, and which are the key's. */
  kept: (key: Key) => { collection: string; filter: Filter };
  /** Each lost race is another item taking a place, so past the cap's worth of them the cap refuses. */
  attempts: number;
  busyMessage: string;
}

/** The items as the read model holds them: those kept before places were recorded. */
async function keptInReadModel(documents: DocumentStore, where: { collection: string; filter: Filter }) {
  const ids: string[] = [];
  for (let skip = 0; ; skip += COUNT_PAGE) {
    const page = await documents.find(where.collection, { filter: where.filter, skip, limit: COUNT_PAGE });
    ids.push(...page.map((document) => document.id));
    if (page.length < COUNT_PAGE) return ids;
  }
}

/**
 * Takes a place for a new item, or refuses it at the cap. Decided on the places stream with the
 * revision read: of items made together, one appends and the others decide again on what it left.
 */
export async function takePlace<
  Key extends { orgId: string },
  Command,
  Event extends { type: string; data: unknown },
>(
  store: EventStore,
  documents: DocumentStore,
  places: Places<Key, Command, Event>,
  key: Key,
  id: string,
  context: CommandContext,
): Promise<void> {
  await handle(
    store,
    places.aggregate,
    key,
    async (state) =>
      places.take(id, state.counted ? null : await keptInReadModel(documents, places.kept(key))),
    { ...context, orgId: key.orgId },
    { attempts: places.attempts, exhausted: () => conflict(places.busyMessage) },
  );
}

/** Frees the place of a removed (or never made) item. Freeing is the same in any order. */
export async function freePlace<
  Key extends { orgId: string },
  Command,
  Event extends { type: string; data: unknown },
>(
  store: EventStore,
  places: Places<Key, Command, Event>,
  key: Key,
  id: string,
  context: CommandContext,
): Promise<void> {
  await handle(
    store,
    places.aggregate,
    key,
    places.free(id),
    { ...context, orgId: key.orgId },
    { unconditional: true },
  );
}
