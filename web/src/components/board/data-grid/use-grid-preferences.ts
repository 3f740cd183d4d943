import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../../../lib/session';
import {
  columnVisibilityOf,
  createGridPreferencesStore,
  defaultGridPreferences,
  type GridDensity,
  type GridPageSize,
  type GridPreferences,
  gridPreferencesKey,
  moveColumn,
  orderColumns,
  withColumnShown,
} from './grid-preferences';

/** The preferences of this browser's users, in localStorage. */
export const gridPreferencesStore = createGridPreferencesStore(() =>
  typeof window === 'undefined' ? null : window.localStorage,
);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith('dispatch.grid.')) gridPreferencesStore.forget(event.key);
  });
}

/** The grids whose preferences are kept. */
export type GridId = 'trucks' | 'loads' | 'radius-trucks' | 'radius-loads' | 'envelopes';

export interface GridPreferencesApi {
  preferences: GridPreferences;
  /** The column ids in the user's order (columns the grid gained since are in their place). */
  columnOrder: string[];
  columnVisibility: Record<string, boolean>;
  setColumnShown: (id: string, shown: boolean) => void;
  moveColumn: (id: string, delta: -1 | 1) => void;
  setColumnOrder: (order: string[]) => void;
  setDensity: (density: GridDensity) => void;
  setPageSize: (size: GridPageSize) => void;
  reset: () => void;
}

/** The signed-in user's preferences for one grid, with the ways to change them. */
export function useGridPreferences(
  gridId: GridId,
  columnIds: readonly string[],
  hiddenByDefault: readonly string[] = [],
): GridPreferencesApi {
  const { data: session } = useSession();
  const key = gridPreferencesKey(session?.user.id ?? 'anonymous', gridId);
  const preferences = useSyncExternalStore(
    gridPreferencesStore.subscribe,
    () => gridPreferencesStore.get(key),
    () => gridPreferencesStore.get(key),
  );
  const idsKey = columnIds.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for the ids
  const columnOrder = useMemo(
    () => orderColumns(preferences.columnOrder, columnIds),
    [preferences.columnOrder, idsKey],
  );
  const hiddenKey = hiddenByDefault.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: hiddenKey stands for the ids
  const columnVisibility = useMemo(
    () => columnVisibilityOf(preferences.hidden, hiddenByDefault, preferences.shown),
    [preferences.hidden, preferences.shown, hiddenKey],
  );
  const set = useCallback(
    (update: (current: GridPreferences) => GridPreferences) => gridPreferencesStore.set(key, update),
    [key],
  );
  return {
    preferences,
    columnOrder,
    columnVisibility,
    setColumnShown: (id, shown) =>
      set((current) => {
        const next = { ...current, hidden: withColumnShown(current.hidden, id, shown) };
        if (!hiddenByDefault.includes(id)) return next;
        // A column hidden by default is shown when the user says so, and hidden again when they take it back.
        const others = (current.shown ?? []).filter((candidate) => candidate !== id);
        return { ...next, shown: shown ? [...others, id] : others };
      }),
    moveColumn: (id, delta) =>
      set((current) => ({ ...current, columnOrder: moveColumn(columnOrder, id, delta) })),
    setColumnOrder: (order) => set((current) => ({ ...current, columnOrder: order })),
    setDensity: (density) => set((current) => ({ ...current, density })),
    setPageSize: (pageSize) => set((current) => ({ ...current, pageSize })),
    // Back to the grid's own columns and density; the page size stays.
    reset: () =>
      set((current) => ({
        ...defaultGridPreferences,
        ...(current.pageSize ? { pageSize: current.pageSize } : {}),
      })),
  };
}

/** The user's saved page size of a grid (undefined: none saved), without the rest. */
export function useSavedPageSize(gridId: GridId): {
  pageSize: GridPageSize | undefined;
  save: (size: GridPageSize) => void;
} {
  const { data: session } = useSession();
  const key = gridPreferencesKey(session?.user.id ?? 'anonymous', gridId);
  const pageSize = useSyncExternalStore(
    gridPreferencesStore.subscribe,
    () => gridPreferencesStore.get(key).pageSize,
    () => gridPreferencesStore.get(key).pageSize,
  );
  const save = useCallback(
    (size: GridPageSize) => gridPreferencesStore.set(key, (current) => ({ ...current, pageSize: size })),
    [key],
  );
  return { pageSize, save };
}

/**
 * Opens a list at the user's saved page size when its address names none: `apply` is called with the
 * saved size on arrival (or when a search starts). An address with a `limit` (a shared link) keeps its own.
 */
export function useApplySavedPageSize(
  gridId: GridId,
  { limit, explicit, apply }: { limit: number; explicit: boolean; apply: (size: GridPageSize) => void },
) {
  const { pageSize } = useSavedPageSize(gridId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: when a saved size is known, or the address stops naming one
  useEffect(() => {
    if (pageSize !== undefined && !explicit && pageSize !== limit) apply(pageSize);
  }, [pageSize, explicit]);
}
