import { z } from 'zod';

/**
 * What a user chose for one grid (the trucks board, the loads board, the radius results, the
 * envelopes): the order and visibility of its columns, its page size and its density. Kept in the
 * browser's localStorage under the user's id and the grid's name, so each person of a shared
 * computer keeps their own.
 */
export const gridDensities = ['compact', 'comfortable'] as const;
export type GridDensity = (typeof gridDensities)[number];

/** The page sizes every grid offers (the list API takes 1 to 100). */
export const gridPageSizes = [10, 25, 50, 100] as const;
export type GridPageSize = (typeof gridPageSizes)[number];

export interface GridPreferences {
  /** Column ids in the order the user put them; empty: the grid's own order. */
  columnOrder: string[];
  /** Column ids the user hid. */
  hidden: string[];
  /** Column ids of those a grid hides by default that the user showed. */
  shown?: string[];
  /** Rows per page; undefined: the list's default. */
  pageSize?: GridPageSize;
  density: GridDensity;
}

export const defaultGridPreferences: GridPreferences = { columnOrder: [], hidden: [], density: 'compact' };

const ids = z.array(z.string().max(100)).max(100);
/** Read field by field: a field a future or older version wrote differently falls back to its default. */
const storedSchema = z.object({
  columnOrder: ids.catch([]),
  hidden: ids.catch([]),
  shown: ids.optional().catch(undefined),
  pageSize: z
    .number()
    .refine((size): size is GridPageSize => (gridPageSizes as readonly number[]).includes(size))
    .optional()
    .catch(undefined),
  density: z.enum(gridDensities).catch('compact'),
});

/** The storage key of a user's preferences for a grid. */
export const gridPreferencesKey = (userId: string, gridId: string) => `dispatch.grid.${userId}.${gridId}`;

/** What a key holds, or the defaults when it holds nothing readable. */
export function parseGridPreferences(text: string | null): GridPreferences {
  if (!text) return defaultGridPreferences;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return defaultGridPreferences;
    const { pageSize, shown, ...rest } = parsed.data;
    const read = shown?.length ? { ...rest, shown } : rest;
    return pageSize === undefined ? read : { ...read, pageSize: pageSize as GridPageSize };
  } catch {
    return defaultGridPreferences;
  }
}

export function serializeGridPreferences(preferences: GridPreferences): string {
  return JSON.stringify(preferences);
}

export const isGridPageSize = (size: number): size is GridPageSize =>
  (gridPageSizes as readonly number[]).includes(size);

/**
 * The grid's columns in the user's order: the saved ids the grid still has, in the saved order, with
 * columns the grid gained since placed where the grid itself puts them (after their left neighbour).
 */
export function orderColumns(saved: readonly string[], columnIds: readonly string[]): string[] {
  const known = saved.filter((id, index) => columnIds.includes(id) && saved.indexOf(id) === index);
  if (known.length === 0) return [...columnIds];
  const order = [...known];
  columnIds.forEach((id, index) => {
    if (order.includes(id)) return;
    const before = columnIds
      .slice(0, index)
      .reverse()
      .find((candidate) => order.includes(candidate));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  });
  return order;
}

/** The order with one column moved a place to the left (-1) or the right (+1); unchanged at an end. */
export function moveColumn(order: readonly string[], id: string, delta: -1 | 1): string[] {
  const from = order.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/**
 * Shown or hidden, as TanStack Table's column visibility state reads it (only `false` hides): the
 * columns the user hid, and those the grid hides by default that the user has not shown.
 */
export function columnVisibilityOf(
  hidden: readonly string[],
  hiddenByDefault: readonly string[] = [],
  shown: readonly string[] = [],
): Record<string, boolean> {
  const off = [...hidden, ...hiddenByDefault.filter((id) => !shown.includes(id))];
  return Object.fromEntries(off.map((id) => [id, false]));
}

/** The hidden ids after showing or hiding one column. */
export function withColumnShown(hidden: readonly string[], id: string, shown: boolean): string[] {
  const rest = hidden.filter((candidate) => candidate !== id);
  return shown ? rest : [...rest, id];
}

/** The storage the preferences live in: localStorage in the browser, a map in tests. */
export interface PreferenceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Every grid's preferences, read once per key and shared by every component that shows them (the
 * grid, its Columns menu, the page-size select), which re-render when one of them changes it.
 */
export function createGridPreferencesStore(storage: () => PreferenceStorage | null) {
  const cache = new Map<string, GridPreferences>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const read = (key: string): GridPreferences => {
    const cached = cache.get(key);
    if (cached) return cached;
    let text: string | null = null;
    try {
      text = storage()?.getItem(key) ?? null;
    } catch {
      // Storage refused (private mode, quota): the defaults.
    }
    const preferences = parseGridPreferences(text);
    cache.set(key, preferences);
    return preferences;
  };
  return {
    get: read,
    set(key: string, update: (current: GridPreferences) => GridPreferences) {
      const next = update(read(key));
      cache.set(key, next);
      try {
        storage()?.setItem(key, serializeGridPreferences(next));
      } catch {
        // Kept for this tab only.
      }
      notify();
    },
    reset(key: string) {
      cache.set(key, defaultGridPreferences);
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing stored.
      }
      notify();
    },
    /** Another tab changed a key: read it again. */
    forget(key: string | null) {
      if (key === null) cache.clear();
      else cache.delete(key);
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
export type GridPreferencesStore = ReturnType<typeof createGridPreferencesStore>;
