import { describe, expect, it } from 'vitest';
import { activeFilterCount, type BoardFilters } from '../../components/board/board-search';
import { loadsSearchSchema } from './loads-search';

/** docs/decisions.md#trip-miles-rate-per-mile-and-margin: the loads board's ranges of miles and money. */

describe('the loads board’s ranges', () => {
  it('are read from the address as the API reads them, a bad one dropped', () => {
    const search = loadsSearchSchema.parse({
      minTripMiles: '500',
      maxTripMiles: 1200,
      minRatePerMile: '2.5',
      minMargin: '-10',
      maxMargin: 'lots',
    });
    expect(search).toMatchObject({
      minTripMiles: 500,
      maxTripMiles: 1200,
      minRatePerMile: 2.5,
      minMargin: -10,
    });
    expect(search.maxMargin).toBeUndefined();
  });

  it('count one filter each, both ends together', () => {
    const filters: BoardFilters = {
      minTripMiles: 500,
      maxTripMiles: 1200,
      maxRatePerMile: 3,
      search: 'grain',
    };
    expect(activeFilterCount(filters)).toBe(3);
  });
});
