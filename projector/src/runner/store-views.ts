import { collections } from '@dispatch/read-models';
import type { DocumentStore, WriteOperation } from '@dispatch/storage';

/** The same store with some collections read and written under other names (`renamed`: name → stored name). */
export function renamedCollections(
  documents: DocumentStore,
  renamed: ReadonlyMap<string, string>,
): DocumentStore {
  const name = (collection: string) => renamed.get(collection) ?? collection;
  const op = (operation: WriteOperation): WriteOperation => ({
    ...operation,
    collection: name(operation.collection),
  });
  return {
    ensureCollection: (definition, options) =>
      documents.ensureCollection({ ...definition, name: name(definition.name) }, options),
    createIndexes: (collection) => documents.createIndexes(name(collection)),
    dropCollection: (collection) => documents.dropCollection(name(collection)),
    get: (collection, id) => documents.get(name(collection), id),
    find: (collection, query) => documents.find(name(collection), query),
    count: (collection, filter, options) => documents.count(name(collection), filter, options),
    findNear: (collection, query) => documents.findNear(name(collection), query),
    write: (operations, options) =>
      documents.write(
        operations.map(op),
        options?.unsettled
          ? {
              ...options,
              unsettled: { ...options.unsettled, collection: name(options.unsettled.collection) },
            }
          : options,
      ),
    replaceCollections: (replacements, operations) =>
      documents.replaceCollections(replacements, operations.map(op)),
    // The store is the caller's: closing the view of it leaves it open.
    close: async () => {},
  };
}

/**
 * A group builder's view: a group reads only its own read models and those of the groups it reads
 * (`readable`, built beside it); another would be read as it stands now rather than as it stood at the
 * event being applied.
 */
export function readingOnly(documents: DocumentStore, readable: Iterable<string>): DocumentStore {
  const allowed = new Set([collections.checkpoints, ...readable]);
  return {
    ...documents,
    get: (collection, id) =>
      allowed.has(collection)
        ? documents.get(collection, id)
        : Promise.reject(new Error(`A rebuilt group read ${collection}, of a group it does not read`)),
  };
}

/** What a builder's view of the store is made of, as data a thread of its own can take. */
export interface StoreView {
  /** Collection → the name it is stored under (a shadow or scratch copy). */
  renamed: [string, string][];
  /** The collections it may read, when it may not read every one. */
  readable: string[] | null;
}

export function viewOf(documents: DocumentStore, view: StoreView): DocumentStore {
  const renamed = renamedCollections(documents, new Map(view.renamed));
  return view.readable ? readingOnly(renamed, view.readable) : renamed;
}
