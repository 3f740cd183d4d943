import { afterEach, beforeEach } from 'vitest';

/** A view of what `current` gives at each use: the store of the running test, for suites declared before one is opened. */
export function viewOf<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_, field) {
      const target = current();
      const value = target[field as keyof T];
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A store opened before each test of the suite and closed after it (then `cleanup`), seen through a view. */
export function storePerTest<S extends { close(): Promise<void> }>(
  open: () => Promise<S> | S,
  cleanup?: () => Promise<void> | void,
): S {
  let store: S | undefined;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store?.close();
    await cleanup?.();
  });
  return viewOf(() => {
    if (!store) throw new Error('The store is open only within a test.');
    return store;
  });
}
