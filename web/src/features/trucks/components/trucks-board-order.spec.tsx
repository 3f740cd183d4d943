// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Truck as TruckIcon } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { BoardEmptyState } from '../../../components/board/board-empty-state';
import { BoardPagination } from '../../../components/board/board-pagination';
import { truckAnswer } from '../../../testing/postings';
import { renderScreen } from '../../../testing/render-screen';
import { defaultTrucksSearch, type TrucksSearch } from '../trucks-search';
import { TrucksTable } from './trucks-table';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** docs/decisions.md#trucks-and-loads: every column with an order sorts; a page past the end says so. */

const route = '/$orgSlug/trucks/';

function renderTable(search: TrucksSearch) {
  renderScreen(
    () => (
      <TrucksTable
        trucks={[truckAnswer({ id: 1, truckName: 'Big Blue', unitNumber: 'U-148' })]}
        search={search}
        orgSlug="acme"
        now={new Date('2026-03-02T16:00:00.000Z')}
        onDelete={null}
      />
    ),
    '/acme/trucks/',
    route,
  );
}

/** The order a click on a column's head asks for, read from its link. */
async function clickOrder(head: string) {
  const link = (await screen.findByRole('link', { name: new RegExp(`^${head},`) })) as HTMLAnchorElement;
  const params = new URL(link.href, 'http://localhost').searchParams;
  return `${params.get('orderBy')} ${params.get('sort')}`;
}

describe('the heads of the trucks board', () => {
  it('sort every column with an order: text from A on the first click, dates from the newest', async () => {
    const user = userEvent.setup();
    renderTable(defaultTrucksSearch);
    // The columns a laptop has no room for are one click away in Columns (docs/decisions.md#board-columns).
    await user.click(await screen.findByRole('button', { name: /Columns/ }));
    for (const name of ['Unit', 'Company', 'Direction', 'Status', 'Dispatcher', 'Updated'])
      await user.click(await screen.findByRole('menuitemcheckbox', { name }));
    await user.keyboard('{Escape}');
    expect(await clickOrder('Truck name')).toBe('truckName asc');
    expect(await clickOrder('Unit')).toBe('unitNumber asc');
    expect(await clickOrder('Company')).toBe('companyName asc');
    expect(await clickOrder('Trailer type')).toBe('trailerType asc');
    expect(await clickOrder('Location')).toBe('truckCity asc');
    expect(await clickOrder('Preferred destination')).toBe('preferedCity asc');
    expect(await clickOrder('Direction')).toBe('direction asc');
    expect(await clickOrder('Dispatcher')).toBe('dispatcherName asc');
    // Available first; the availability date from the latest.
    expect(await clickOrder('Status')).toBe('status desc');
    expect(await clickOrder('Availability date')).toBe('availableDate desc');
    // The column in order (the newest change first by default) flips.
    expect(await clickOrder('Updated')).toBe('updatedAt asc');
  });

  it('flip the column in order, and say which it is', async () => {
    renderTable({ ...defaultTrucksSearch, orderBy: 'truckName', sort: 'asc' });
    expect(await clickOrder('Truck name')).toBe('truckName desc');
    const head = screen.getByRole('columnheader', { name: /Truck name/ });
    expect(head.getAttribute('aria-sort')).toBe('ascending');
  });
});

describe('a page past the end of the board', () => {
  it('says there is no such page and links to the last one', async () => {
    const search = { ...defaultTrucksSearch, page: 99 };
    const page = { totalCount: 47, totalCountExact: true, totalPages: 5, data: [] };
    renderScreen(
      () => (
        <>
          <BoardEmptyState
            icon={<TruckIcon />}
            nouns="trucks"
            invitation="Post a truck."
            filtered={false}
            totalCount={page.totalCount}
            totalPages={page.totalPages}
            exact
            page={search.page}
            from={route}
            onClearFilters={() => undefined}
          />
          <BoardPagination page={page} search={search} from={route} emptyText="No trucks" />
        </>
      ),
      '/acme/trucks/?page=99',
      route,
    );
    expect(await screen.findByText('No page 100, there are 5')).toBeTruthy();
    const last = screen.getByRole('link', { name: 'Go to page 5' }) as HTMLAnchorElement;
    expect(new URL(last.href, 'http://localhost').searchParams.get('page')).toBe('4');
    expect(screen.queryByText('This page is empty')).toBeNull();
    expect(screen.getByText('Page 100 of 5')).toBeTruthy();
  });
});
