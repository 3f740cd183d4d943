// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { FilterBar } from './filter-bar';

afterEach(cleanup);

/** docs/decisions.md#trip-miles-rate-per-mile-and-margin: the loads board's ranges in the filter panel. */

describe('the filter bar’s ranges', () => {
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
