// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeFilterCount, type BoardFilters } from '../../components/board/board-search';
import { renderScreen } from '../../testing/render-screen';
import { FilterBar } from '../postings/components/filter-bar';
import { loadsSearchSchema } from './loads-search';

afterEach(cleanup);

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

  it('are typed in the filter panel, the margin only where the board offers it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderScreen(() => (
      <FilterBar
        organizationId="org-1"
        controls={{ searchLabel: 'Loads', ranges: ['tripMiles', 'ratePerMile'] }}
        value={{}}
        onChange={onChange}
        onClear={() => {}}
      />
    ));
    await user.click(await screen.findByRole('button', { name: /Filters/ }));
    await user.type(await screen.findByLabelText('Minimum trip miles'), '500');
    await vi.waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ minTripMiles: 500, maxTripMiles: undefined }),
    );
    expect(screen.getByLabelText('Maximum rate per mile')).toBeTruthy();
    expect(screen.queryByLabelText('Minimum margin')).toBeNull();
  });
});
