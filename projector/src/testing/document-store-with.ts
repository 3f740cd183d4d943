import type { DocumentStore, WriteOperation, WriteOptions } from '@dispatch/storage';

/** The document store with some of its calls replaced (a write that fails, a drop that is watched), the others its own. */
export function documentStoreWith(documents: DocumentStore, replaced: Partial<DocumentStore>): DocumentStore {
  return new Proxy(documents, {
    get(target, call) {
      const value = (call in replaced ? replaced : target)[call as keyof DocumentStore];
      return typeof value === 'function' ? value.bind(call in replaced ? replaced : target) : value;
    },
  });
}

/**
 * The document store with one batch cut midway, as a write over two files leaves it when its second
 * commit fails: the first batch `cuts` picks commits the operations `kept` picks with the batch's mark
 * (`WriteOptions.unsettled`), then fails. `cut()` says whether it happened.
 */
export function documentStoreCutOnce(
  documents: DocumentStore,
  cuts: (operations: WriteOperation[]) => boolean,
  kept: (operation: WriteOperation) => boolean,
): DocumentStore & { cut(): boolean } {
  let cut = false;
  const store = documentStoreWith(documents, {
    write: async (operations: WriteOperation[], options?: WriteOptions) => {
      if (cut || !options?.unsettled || !cuts(operations)) return documents.write(operations, options);
      cut = true;
      const { collection, id } = options.unsettled;
      await documents.write([
        ...operations.filter(kept),
        { op: 'put', collection, document: { id }, position: 1n },
      ]);
      throw new Error('disk full');
    },
  });
  return Object.assign(store, { cut: () => cut });
}
