import { describe, expect, it } from 'vitest';
import { defaultLoadsSearch } from '../loads-search';
import { loadsQueryOptions } from './get-loads';

describe('loadsQueryOptions', () => {
  it('keeps a loads list fresh for 10 seconds (SPEC section 9)', () => {
    expect(loadsQueryOptions('org-1', defaultLoadsSearch).staleTime).toBe(10_000);
    expect(loadsQueryOptions('org-2', { ...defaultLoadsSearch, page: 3 }).staleTime).toBe(10_000);
  });
});
