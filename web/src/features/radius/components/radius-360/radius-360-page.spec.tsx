// @vitest-environment jsdom
import { type Direction, radiusSearchAnswerSchema } from '@dispatch/domain';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAnswer, truckAnswer } from '../../../../testing/postings';
import { renderScreen, serveFetch } from '../../../../testing/render-screen';
import { validateRadius360Search } from '../../radius-search';
import { Radius360Page } from './radius-360-page';

afterEach(cleanup);
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

const chicago = { city: 'Chicago', state: 'IL', latitude: 41.8781, longitude: -87.6298 };

/** Around Chicago: a truck to the north (Milwaukee), a truck and a load to the south-west, a load in town. */
const trucks = [
  {
    truck: truckAnswer({ id: 1, truckName: 'Prairie Runner', truckCity: 'Milwaukee', truckState: 'WI' }),
    distance: 81.4,
    direction: 'NORTH' as Direction,
    location: { latitude: 43.0389, longitude: -87.9065 },
  },
  {
    truck: truckAnswer({ id: 2, truckName: 'Lakeshore Hauler', truckCity: 'Peoria', truckState: 'IL' }),
    distance: 130.6,
    direction: 'SOUTH_WEST' as Direction,
    location: { latitude: 40.6936, longitude: -89.589 },
  },
];
const loads = [
  {
    load: loadAnswer({ id: 11, originCity: 'Springfield', originState: 'IL' }),
    distance: 176.9,
    direction: 'SOUTH_WEST' as Direction,
    location: { latitude: 39.7817, longitude: -89.6501 },
  },
  {
    load: loadAnswer({ id: 12, originCity: 'Chicago', originState: 'IL' }),
    distance: 0,
    direction: null,
    location: { latitude: 41.8781, longitude: -87.6298 },
  },
];

/** GET /api/v1/radius-search as the query side answers it: one kind, narrowed to the asked sectors. */
function radiusServer() {
  return serveFetch(({ path }) => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname !== '/api/v1/radius-search') {
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found', errors: {} } };
    }
    const wanted = url.searchParams.get('direction')?.split(',');
    const all = url.searchParams.get('searchType') === 'loads' ? loads : trucks;
    const data = all.filter((result) => !wanted || (result.direction && wanted.includes(result.direction)));
    return {
      body: radiusSearchAnswerSchema.parse({
        success: true,
        totalCount: data.length,
        limit: 100,
        page: 0,
        totalPages: 1,
        center: chicago,
        data,
      }),
    };
  });
}

/** The page as its route shows it: the search from the address, a new search navigates. */
function Radius360Screen() {
  const search = validateRadius360Search(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  return (
    <Radius360Page
      organization={{ id: 'org-1', name: 'Acme', slug: 'acme' }}
      search={search}
      onNavigate={(next) => void navigate({ to: '.', search: next })}
    />
  );
}

const listedIds = () =>
  within(screen.getByRole('table', { name: /Trucks and loads around Chicago/ }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      row.dataset.truckId ? `truck ${row.dataset.truckId}` : `load ${row.dataset.loadId ?? '?'}`,
    );

describe('Radius360Page', () => {
  it('counts the postings of each compass sector, and a sector narrows the list to it', async () => {
    const seen = radiusServer();
    const user = userEvent.setup();
    const { router } = renderScreen(
      Radius360Screen,
      '/acme/radius-360/?state=IL&city=Chicago&radius=200',
      '/$orgSlug/radius-360/',
    );

    expect((await screen.findByRole('heading', { name: /trucks and .* loads within/ })).textContent).toBe(
      '2 trucks and 2 loads within 200 mi of Chicago, IL',
    );
    const compass = screen.getByRole('navigation', { name: 'Compass sectors' });
    const sector = (label: string) =>
      within(compass).getByRole('link', { name: new RegExp(`^${label} \\(`) });
    /** The sector link of this name (its text: the counts beside its abbreviation are a picture of them). */
    const named = (name: string) => within(compass).getByRole('link', { name });
    named('North (N): 1 truck, 0 loads');
    named('South West (SW): 1 truck, 1 load');
    named('East (E): 0 trucks, 0 loads');
    // Named by its text, which holds the visible label.
    expect(
      within(compass)
        .getByRole('link', { name: /^All\s*sectors/ })
        .getAttribute('aria-label'),
    ).toBeNull();
    within(compass).getByRole('link', {
      name: /^All\s*sectors\s*1 here: 0 trucks, 1 load in Chicago itself$/,
    });
    expect(listedIds()).toEqual(['load 12', 'truck 1', 'truck 2', 'load 11']);
    // Both kinds, the whole radius, the nearest hundred: every direction.
    const asked = seen
      .map((request) => new URL(request.path, 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/radius-search')
      .map((url) => url.searchParams);
    expect(
      asked.map((params) => [params.get('searchType'), params.get('limit'), params.get('direction')]).sort(),
    ).toEqual([
      ['loads', '100', null],
      ['trucks', '100', null],
    ]);
    expect(asked[0]?.get('city')).toBe('Chicago');

    await user.click(sector('South West'));

    expect(router.state.location.search).toMatchObject({ direction: ['SOUTH_WEST'] });
    await vi.waitFor(() => expect(listedIds()).toEqual(['truck 2', 'load 11']));
    expect(sector('South West').getAttribute('aria-current')).not.toBeNull();
    expect(sector('North').getAttribute('aria-current')).toBeNull();
    // The counts stay those of the whole radius.
    named('North (N): 1 truck, 0 loads');
    expect(
      seen.some(
        (request) =>
          request.path.includes('searchType=trucks') && request.path.includes('direction=SOUTH_WEST'),
      ),
    ).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Showing South West only; show every direction' }));
    await vi.waitFor(() => expect(listedIds()).toEqual(['load 12', 'truck 1', 'truck 2', 'load 11']));
  });
});
