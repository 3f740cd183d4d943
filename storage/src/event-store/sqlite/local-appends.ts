import { resolve } from 'node:path';

/**
 * Stores opened on the same file in this process hear each other's appends at once,
 * without waiting for the file watcher or the poll.
 */
const listenersByFile = new Map<string, Set<() => void>>();

export function onLocalAppend(file: string, listener: () => void): () => void {
  const key = resolve(file);
  const listeners = listenersByFile.get(key) ?? new Set();
  listeners.add(listener);
  listenersByFile.set(key, listeners);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) listenersByFile.delete(key);
  };
}

export function announceLocalAppend(file: string): void {
  for (const listener of listenersByFile.get(resolve(file)) ?? []) listener();
}
