// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAnswer } from '../../../testing/postings';
import { renderScreen } from '../../../testing/render-screen';
import { defaultLoadsSearch } from '../loads-search';
import { LoadsTable } from './loads-table';

afterEach(cleanup);

/** docs/decisions.md#places: an end of a load the map does not know is marked on the board. */
describe('the loads board', () => {
  it('marks the end the map does not know, and only that one', async () => {
    const loads = [
      loadAnswer({ id: 1, customerName: 'Known Grain' }),
      loadAnswer({
        id: 2,
        customerName: 'Lost Grain',
        destinationState: 'ND',
        destinationCity: 'Nowhere Such Place',
        destinationOnMap: false,
      }),
    ];
    renderScreen(() => (
      <LoadsTable loads={loads} search={defaultLoadsSearch} orgSlug="acme" now={new Date()} onDelete={null} />
    ));
    await screen.findAllByRole('cell');
    const row = (id: number) => document.querySelector(`[data-load-id="${id}"]`) as HTMLElement;
    const marks = within(row(2)).getAllByRole('img', { name: 'Not on the map' });
    expect(marks).toHaveLength(1);
    // The mark leads the destination it is about.
    expect(marks[0]?.nextSibling?.textContent).toBe('Nowhere Such Place');
    expect(within(row(1)).queryByRole('img', { name: 'Not on the map' })).toBeNull();
  });
});
