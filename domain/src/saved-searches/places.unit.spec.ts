import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import {
  decideSavedSearchPlace,
  evolveSavedSearchPlaces,
  initialSavedSearchPlacesState,
  type SavedSearchPlaceEvent,
} from './places.ts';
import { SAVED_SEARCHES_MAX, SAVED_SEARCHES_MAX_MESSAGE } from './schemas.ts';

const fold = (events: SavedSearchPlaceEvent[]) =>
  events.reduce(evolveSavedSearchPlaces, initialSavedSearchPlacesState());
const ids = (count: number, prefix = 'search') => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

describe('saved search places', () => {
  it('count the searches kept so far with the first place taken, and only then', () => {
    expect(decideSavedSearchPlace(initialSavedSearchPlacesState(), 'new', ['a', 'b'])).toEqual([
      { type: 'SavedSearchesCounted', data: { savedSearchIds: ['a', 'b'] } },
      { type: 'SavedSearchPlaceTaken', data: { savedSearchId: 'new' } },
    ]);
    const counted = fold([{ type: 'SavedSearchesCounted', data: { savedSearchIds: ['a'] } }]);
    expect(decideSavedSearchPlace(counted, 'new', null)).toEqual([
      { type: 'SavedSearchPlaceTaken', data: { savedSearchId: 'new' } },
    ]);
  });

  it('refuse the place past the cap, counting the searches kept before places were recorded', () => {
    const refuse = (state: ReturnType<typeof fold>, counted: string[] | null) => {
      try {
        decideSavedSearchPlace(state, 'one-more', counted);
        return null;
      } catch (error) {
        return error instanceof DomainError ? [error.kind, error.message] : error;
      }
    };
    expect(refuse(initialSavedSearchPlacesState(), ids(SAVED_SEARCHES_MAX))).toEqual([
      'illegal_state',
      SAVED_SEARCHES_MAX_MESSAGE,
    ]);
    const full = fold([
      { type: 'SavedSearchesCounted', data: { savedSearchIds: ids(3, 'earlier') } },
      ...ids(SAVED_SEARCHES_MAX - 3).map(
        (savedSearchId): SavedSearchPlaceEvent => ({
          type: 'SavedSearchPlaceTaken',
          data: { savedSearchId },
        }),
      ),
    ]);
    expect(refuse(full, null)).toEqual(['illegal_state', SAVED_SEARCHES_MAX_MESSAGE]);
    const freed = evolveSavedSearchPlaces(full, {
      type: 'SavedSearchPlaceFreed',
      data: { savedSearchId: 'earlier-1' },
    });
    expect(refuse(freed, null)).toBeNull();
  });

  it('leave out of the count a search freed before the read model heard of its deletion', () => {
    const state = fold([
      { type: 'SavedSearchPlaceFreed', data: { savedSearchId: 'deleted' } },
      { type: 'SavedSearchesCounted', data: { savedSearchIds: ['deleted', 'kept'] } },
    ]);
    expect([...state.kept]).toEqual(['kept']);
    const uncounted = fold([{ type: 'SavedSearchPlaceFreed', data: { savedSearchId: 'deleted' } }]);
    expect(
      decideSavedSearchPlace(uncounted, 'new', [...ids(SAVED_SEARCHES_MAX - 1), 'deleted']),
    ).toHaveLength(2);
  });
});
