// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAnswer, truckAnswer } from '../../../../testing/postings';
import { renderScreen, serveFetch } from '../../../../testing/render-screen';
import { countBySector, type LoadResult, type TruckResult } from '../../radius-results';
import type { Radius360Search } from '../../radius-search';
import { UsRadiusMap } from './us-radius-map';

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

const center = { city: 'Chicago', state: 'IL', latitude: 41.8781, longitude: -87.6298 };
const search: Radius360Search = { state: 'IL', city: 'Chicago', radius: 200 };
const trucks: TruckResult[] = [
  {
    truck: truckAnswer({ id: 7, truckName: 'Prairie Runner', truckCity: 'Milwaukee', truckState: 'WI' }),
    distance: 81.4,
    direction: 'NORTH',
    location: { latitude: 43.0389, longitude: -87.9065 },
  },
  {
    truck: truckAnswer({ id: 8, truckName: 'Night Owl', truckCity: 'Peoria', status: false }),
    distance: 130.6,
    direction: 'SOUTH_WEST',
    location: { latitude: 40.6936, longitude: -89.589 },
  },
];
const loads: LoadResult[] = [
  {
    load: loadAnswer({ id: 31, originCity: 'Springfield', destinationCity: 'Dallas' }),
    distance: 176.9,
    direction: 'SOUTH_WEST',
    location: { latitude: 39.7817, longitude: -89.6501 },
  },
];

function renderMap(zoom: 'radius' | 'country' = 'radius', narrowed: Radius360Search = search) {
  serveFetch(() => ({
    status: 404,
    body: { success: false, code: 'NOT_FOUND', message: 'Not found', errors: {} },
  }));
  return renderScreen(
    () => (
      <UsRadiusMap
        center={center}
        search={narrowed}
        trucks={trucks}
        loads={loads}
        counts={countBySector([...trucks, ...loads])}
        orgSlug="acme"
        zoom={zoom}
        sectorSearch={(direction) => ({ ...search, direction: [direction] })}
      />
    ),
    '/acme/radius-360/?state=IL&city=Chicago&radius=200',
    '/$orgSlug/radius-360/',
  );
}

const map = () => screen.getByLabelText(/^Map of the United States/);

describe('UsRadiusMap', () => {
  it('draws the ring, a dot per posting (trucks round, loads square) and each sector with its count', async () => {
    renderMap();
    expect((await screen.findByLabelText(/^Map of the United States/)).getAttribute('aria-label')).toBe(
      'Map of the United States: 2 trucks and 1 loads within 200 mi of Chicago, IL',
    );
    const dots = [...map().querySelectorAll('[data-map-dot]')];
    expect(
      dots.map((dot) => `${dot.getAttribute('data-map-dot')} ${dot.getAttribute('data-posting-id')}`),
    ).toEqual(['loads 31', 'trucks 7', 'trucks 8']);
    expect(dots.map((dot) => dot.querySelector('circle, rect')?.tagName)).toEqual([
      'rect',
      'circle',
      'circle',
    ]);
    // An available truck is filled, one not available is only ringed.
    expect(dots[1]?.querySelector('circle')?.getAttribute('class')).toContain('fill-primary');
    expect(dots[2]?.querySelector('circle')?.getAttribute('class')).toContain('fill-card');
    // The ring clips the eight sectors; each sector carries its count.
    expect(map().querySelector('clipPath path')?.getAttribute('d')).toMatch(/^M/);
    expect(map().querySelectorAll('[data-sector]')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'South West: 1 truck, 1 load' })).toBeTruthy();
    const labels = Object.fromEntries(
      [...map().querySelectorAll('[data-sector-count]')].map((label) => [
        label.getAttribute('data-sector-count'),
        label.textContent,
      ]),
    );
    expect(labels).toMatchObject({ NORTH: '1', SOUTH_WEST: '2', EAST: '0' });
  });

  it('links each dot to its posting: a click opens it, Tab reaches it', async () => {
    const user = userEvent.setup();
    const { router } = renderMap();
    const truck = await screen.findByRole('link', {
      name: 'Truck Prairie Runner, Milwaukee, WI: 81.4 mi North of Chicago',
    });
    expect(truck.getAttribute('href')).toBe('/acme/trucks/edit/7');
    const load = screen.getByRole('link', {
      name: 'Load Springfield, IL to Dallas, TX: 176.9 mi South West of Chicago',
    });
    expect(load.getAttribute('href')).toBe('/acme/loads/edit/31');
    expect(screen.getByRole('link', { name: /^Truck Night Owl, Peoria, IL \(not available\)/ })).toBeTruthy();

    await user.click(load);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/acme/loads/edit/31'));
    await router.navigate({ to: '/$orgSlug/radius-360/', params: { orgSlug: 'acme' } } as never);

    // From the keyboard: Tab reaches every dot, as a link with its address (Enter then opens it in a
    // browser; jsdom does not follow SVG links on Enter).
    const again = await screen.findByRole('link', { name: /^Truck Prairie Runner/ });
    const reached: string[] = [];
    for (let step = 0; step < 20 && document.activeElement !== again; step++) {
      await user.tab();
      reached.push(document.activeElement?.getAttribute('data-map-dot') ?? '');
    }
    expect(document.activeElement).toBe(again);
    expect(reached.filter(Boolean)).toEqual(['loads', 'trucks']);
  });

  it('dims the dots outside the chosen sector', async () => {
    renderMap('radius', { ...search, direction: ['NORTH'] });
    await screen.findByLabelText(/^Map of the United States/);
    const dimmed = [...map().querySelectorAll('[data-map-dot]')].map((dot) => [
      dot.getAttribute('data-posting-id'),
      dot.getAttribute('class')?.includes('opacity-25') ?? false,
    ]);
    expect(dimmed).toEqual([
      ['31', true],
      ['7', false],
      ['8', true],
    ]);
    expect(
      screen.getByRole('link', { name: 'North: 1 truck, 0 loads (shown; click to show all)' }),
    ).toBeTruthy();
  });
});
