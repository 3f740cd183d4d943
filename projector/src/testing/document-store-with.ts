import type { DocumentStore } from '@dispatch/storage';

/** The document store with some of its calls replaced (a write that fails, a drop that is watched), the others its own. */
export function documentStoreWith(documents: DocumentStore, replaced: Partial<DocumentStore>): DocumentStore {
  return new Proxy(documents, {
    get(target, call) {
      const value = (call in replaced ? replaced : target)[call as keyof DocumentStore];
      return typeof value === 'function' ? value.bind(call in replaced ? replaced : target) : value;
    },
  });
}
