import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invalidateRadius } from '../features/radius/api/radius-cache';
import { radiusKeys } from '../features/radius/api/radius-keys';
import type { RadiusSearch } from '../features/radius/radius-search';
import { liveChangeHandlers } from './live-handlers';

const ORG = 'org-1';
const trucksSearch: RadiusSearch = {
  state: 'IL',
  city: 'Chicago',
  radius: 200,
  limit: 10,
  page: 0,
  searchType: 'trucks',
  around: 'origin',
};
const loadsSearch: RadiusSearch = { ...trucksSearch, searchType: 'loads' };

describe('radius search caches', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient();
    queryClient.setQueryData(radiusKeys.search(ORG, trucksSearch), { data: [] });
    queryClient.setQueryData(radiusKeys.search(ORG, loadsSearch), { data: [] });
  });
  afterEach(() => queryClient.clear());

  const stale = (search: RadiusSearch) =>
    queryClient.getQueryState(radiusKeys.search(ORG, search))?.isInvalidated;

  it('a change notice about trucks refreshes the truck searches only', async () => {
    await liveChangeHandlers.trucks?.(queryClient, [1]);
    expect(stale(trucksSearch)).toBe(true);
    expect(stale(loadsSearch)).toBe(false);
  });

  it('a change notice about loads refreshes the load searches only', async () => {
    await liveChangeHandlers.loads?.(queryClient, [1]);
    expect(stale(loadsSearch)).toBe(true);
    expect(stale(trucksSearch)).toBe(false);
  });

  it('without a kind (a reconnect), every search', async () => {
    await invalidateRadius(queryClient);
    expect(stale(loadsSearch)).toBe(true);
    expect(stale(trucksSearch)).toBe(true);
  });
});
