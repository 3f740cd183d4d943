import { useSyncExternalStore } from 'react';

/**
 * Which rows were just changed by someone, so the list can draw the eye to them for a moment.
 * A row's value alternates between 'a' and 'b' on each change, which restarts its CSS fade.
 */
export type HighlightGeneration = 'a' | 'b';

export interface Highlights {
  add(kind: string, ids: readonly number[]): void;
  get(kind: string, id: number): HighlightGeneration | undefined;
  subscribe(listener: () => void): () => void;
  clear(): void;
}

interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const defaultTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const HIGHLIGHT_MS = 2000;

export function createHighlights(durationMs = HIGHLIGHT_MS, timers: Timers = defaultTimers): Highlights {
  const entries = new Map<string, { generation: HighlightGeneration; timer: unknown }>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const keyOf = (kind: string, id: number) => `${kind}:${id}`;

  return {
    add(kind, ids) {
      if (!ids.length) return;
      for (const id of ids) {
        const key = keyOf(kind, id);
        const existing = entries.get(key);
        if (existing) timers.clear(existing.timer);
        const timer = timers.set(() => {
          entries.delete(key);
          notify();
        }, durationMs);
        entries.set(key, { generation: existing?.generation === 'a' ? 'b' : 'a', timer });
      }
      notify();
    },
    get: (kind, id) => entries.get(keyOf(kind, id))?.generation,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      for (const { timer } of entries.values()) timers.clear(timer);
      entries.clear();
      notify();
    },
  };
}

/** The highlights of this tab. */
export const highlights = createHighlights();

export function useHighlight(kind: string, id: number, store: Highlights = highlights) {
  return useSyncExternalStore(
    store.subscribe,
    () => store.get(kind, id),
    () => undefined,
  );
}
