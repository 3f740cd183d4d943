import { describe, expect, it } from 'vitest';
import {
  columnVisibilityOf,
  createGridPreferencesStore,
  defaultGridPreferences,
  gridPreferencesKey,
  moveColumn,
  orderColumns,
  type PreferenceStorage,
  parseGridPreferences,
  withColumnShown,
} from './grid-preferences';

function memoryStorage(): PreferenceStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const columns = ['truckName', 'unitNumber', 'trailerType', 'location', 'updatedAt'];

describe('grid preferences, saved per user and grid', () => {
  it('keys them by the user and the grid', () => {
    expect(gridPreferencesKey('user-1', 'trucks')).toBe('dispatch.grid.user-1.trucks');
    expect(gridPreferencesKey('user-2', 'trucks')).not.toBe(gridPreferencesKey('user-1', 'trucks'));
    expect(gridPreferencesKey('user-1', 'loads')).not.toBe(gridPreferencesKey('user-1', 'trucks'));
  });

  it('saves and restores the column order, the hidden columns, the page size and the density', () => {
    const storage = memoryStorage();
    const key = gridPreferencesKey('user-1', 'trucks');
    const store = createGridPreferencesStore(() => storage);
    expect(store.get(key)).toEqual(defaultGridPreferences);

    store.set(key, (current) => ({
      ...current,
      columnOrder: moveColumn(orderColumns(current.columnOrder, columns), 'location', -1),
    }));
    store.set(key, (current) => ({
      ...current,
      hidden: withColumnShown(current.hidden, 'unitNumber', false),
    }));
    store.set(key, (current) => ({ ...current, pageSize: 25, density: 'comfortable' }));

    // Another tab, or the next visit: a new store reading the same storage.
    const restored = createGridPreferencesStore(() => storage).get(key);
    expect(restored).toEqual({
      columnOrder: ['truckName', 'unitNumber', 'location', 'trailerType', 'updatedAt'],
      hidden: ['unitNumber'],
      pageSize: 25,
      density: 'comfortable',
    });
    expect(orderColumns(restored.columnOrder, columns)).toEqual(restored.columnOrder);
    expect(columnVisibilityOf(restored.hidden)).toEqual({ unitNumber: false });
    // Another user of the same browser keeps their own.
    expect(store.get(gridPreferencesKey('user-2', 'trucks'))).toEqual(defaultGridPreferences);
  });

  it('tells its readers of a change', () => {
    const store = createGridPreferencesStore(() => memoryStorage());
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.set('k', (current) => ({ ...current, pageSize: 50 }));
    stop();
    store.set('k', (current) => ({ ...current, pageSize: 100 }));
    expect(calls).toBe(1);
    expect(store.get('k').pageSize).toBe(100);
  });

  it('shows a hidden column again', () => {
    expect(withColumnShown(withColumnShown([], 'location', false), 'location', true)).toEqual([]);
    expect(withColumnShown(['a'], 'a', false)).toEqual(['a']);
  });

  it('resets to the grid’s own layout', () => {
    const storage = memoryStorage();
    const store = createGridPreferencesStore(() => storage);
    store.set('k', (current) => ({ ...current, hidden: ['location'] }));
    store.reset('k');
    expect(store.get('k')).toEqual(defaultGridPreferences);
    expect(storage.items.has('k')).toBe(false);
  });

  it('reads what it cannot use as the defaults, field by field', () => {
    expect(parseGridPreferences(null)).toEqual(defaultGridPreferences);
    expect(parseGridPreferences('not json')).toEqual(defaultGridPreferences);
    expect(parseGridPreferences('[]')).toEqual(defaultGridPreferences);
    expect(
      parseGridPreferences(
        JSON.stringify({ columnOrder: 'x', hidden: ['a'], pageSize: 30, density: 'huge' }),
      ),
    ).toEqual({ columnOrder: [], hidden: ['a'], density: 'compact' });
    expect(parseGridPreferences(JSON.stringify({ pageSize: 100 })).pageSize).toBe(100);
  });

  it('keeps working when the storage refuses', () => {
    const refusing: PreferenceStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createGridPreferencesStore(() => refusing);
    store.set('k', (current) => ({ ...current, pageSize: 10 }));
    expect(store.get('k').pageSize).toBe(10);
  });
});

describe('column order', () => {
  it('is the grid’s own until the user moves a column', () => {
    expect(orderColumns([], columns)).toEqual(columns);
  });

  it('drops saved columns the grid no longer has and places new ones after their neighbour', () => {
    const saved = ['location', 'truckName', 'gone', 'updatedAt', 'unitNumber'];
    expect(orderColumns(saved, columns)).toEqual([
      'location',
      'truckName',
      'updatedAt',
      'unitNumber',
      'trailerType',
    ]);
    // A new first column goes first.
    expect(orderColumns(['b', 'a'], ['new', 'a', 'b'])).toEqual(['new', 'b', 'a']);
    // Duplicates in a hand-edited value count once.
    expect(orderColumns(['a', 'a', 'b'], ['a', 'b'])).toEqual(['a', 'b']);
  });

  it('moves a column one place, and not past an end', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b'], 'x', 1)).toEqual(['a', 'b']);
  });
});
