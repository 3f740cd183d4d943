import { describe, expect, it } from 'vitest';
import { defaultTrucksSearch } from '../trucks-search';
import { trucksQueryOptions } from './get-trucks';

describe('trucksQueryOptions', () => {
  it('keeps a trucks list fresh for 10 seconds (SPEC section 9)', () => {
    expect(trucksQueryOptions('org-1', defaultTrucksSearch).staleTime).toBe(10_000);
    expect(trucksQueryOptions('org-2', { ...defaultTrucksSearch, page: 3 }).staleTime).toBe(10_000);
  });
});
