import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHighlights } from './highlights';

describe('highlights', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('marks changed rows for two seconds', () => {
    const store = createHighlights();
    store.add('trucks', [1, 2]);
    expect(store.get('trucks', 1)).toBe('a');
    expect(store.get('trucks', 2)).toBe('a');
    expect(store.get('trucks', 3)).toBeUndefined();
    expect(store.get('loads', 1)).toBeUndefined();

    vi.advanceTimersByTime(1999);
    expect(store.get('trucks', 1)).toBe('a');
    vi.advanceTimersByTime(1);
    expect(store.get('trucks', 1)).toBeUndefined();
  });

  it('restarts the fade when a highlighted row changes again', () => {
    const store = createHighlights();
    store.add('trucks', [1]);
    vi.advanceTimersByTime(1500);
    store.add('trucks', [1]);
    expect(store.get('trucks', 1)).toBe('b');
    vi.advanceTimersByTime(1500);
    expect(store.get('trucks', 1)).toBe('b');
    vi.advanceTimersByTime(500);
    expect(store.get('trucks', 1)).toBeUndefined();
  });

  it('tells subscribers when marks come and go', () => {
    const store = createHighlights();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.add('trucks', [7]);
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.add('trucks', [7]);
    expect(listener).toHaveBeenCalledTimes(2);
    store.add('trucks', []);
  });
});
