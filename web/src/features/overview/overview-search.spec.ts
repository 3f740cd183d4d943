import { describe, expect, it } from 'vitest';
import { selectableYears, validateOverviewSearch } from './overview-search';

describe('overview search params', () => {
  it('charts trucks by default and keeps a valid year', () => {
    expect(validateOverviewSearch({})).toEqual({ type: 'trucks' });
    expect(validateOverviewSearch({ year: 2025, type: 'loads' })).toEqual({ year: 2025, type: 'loads' });
  });

  it('drops values the API would refuse', () => {
    expect(validateOverviewSearch({ year: 'soon', type: 'envelopes', page: 2 })).toEqual({ type: 'trucks' });
  });

  it('offers the recent years and the one asked for', () => {
    expect(selectableYears(2026, 2026)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
    expect(selectableYears(2026, 2012)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2012]);
  });
});
