import { describe, expect, it } from 'vitest';
import { activeLaneSearch, draftOf, searchFromDraft, validateLaneSearch } from './lane-search';

describe('the lane search in the address', () => {
  it('is a whole search with an origin, defaults filled, or the empty form without one', () => {
    expect(activeLaneSearch({ originState: 'IL', originCity: 'Chicago' })).toEqual({
      searchType: 'trucks',
      originState: 'IL',
      originCity: 'Chicago',
      originRadius: 100,
      destinationRadius: 100,
      limit: 10,
      page: 0,
    });
    expect(activeLaneSearch({ originState: 'IL' })).toBeNull();
    expect(activeLaneSearch({})).toBeNull();
  });

  it('drops a bad radius back to its default, and half a destination to anywhere', () => {
    const search = validateLaneSearch({
      originState: 'IL',
      originCity: 'Chicago',
      originRadius: '9000',
      destinationCity: 'Dallas',
    });
    expect(search.originRadius).toBe(100);
    expect(search.destinationCity).toBeUndefined();
    expect(search.destinationState).toBeUndefined();
  });

  it('goes from the form to the address and back, anywhere leaving the destination out', () => {
    const draft = draftOf({
      originState: 'IL',
      originCity: 'Chicago',
      destinationState: 'TX',
      destinationCity: 'Dallas',
    });
    expect(draft.anywhere).toBe(false);
    const anywhere = searchFromDraft(
      { ...draft, anywhere: true, originRadius: '50' },
      { page: 3, searchType: 'loads' },
    );
    expect(anywhere).toMatchObject({
      originRadius: 50,
      destinationCity: undefined,
      page: 0,
      searchType: 'loads',
    });
    expect(activeLaneSearch(anywhere)?.destinationCity).toBeUndefined();
  });
});
