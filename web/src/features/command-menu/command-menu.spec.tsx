// @vitest-environment jsdom
import {
  activeMemberAnswerSchema,
  envelopesPageAnswerSchema,
  loadsPageAnswerSchema,
  type MemberRole,
  rolePermissions,
  trucksPageAnswerSchema,
} from '@dispatch/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAnswer, truckAnswer } from '../../testing/postings';
import { renderScreen, type SeenRequest, serveFetch } from '../../testing/render-screen';
import { CommandMenu } from './command-menu';

afterEach(cleanup);
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView = () => {};
});

const organization = { id: 'org-1', slug: 'acme' };
const trucks = [
  truckAnswer({
    id: 2,
    truckName: 'Lakeshore Hauler',
    truckCity: 'Peoria',
    truckState: 'IL',
    unitNumber: 'U-17',
  }),
  truckAnswer({ id: 3, truckName: 'Prairie Runner', truckCity: 'Milwaukee', truckState: 'WI' }),
];
const loads = [
  loadAnswer({ id: 42, originCity: 'Springfield', destinationCity: 'Dallas', customerName: 'Prairie Grain' }),
];

const page = { limit: 5, page: 1, totalPages: 1, totalCountExact: true };
const totals = { totalAvailableToday: 0, totalAvailableYesterday: 0 };
const notFound = {
  status: 404,
  body: { success: false, code: 'NOT_FOUND', message: 'Not found', errors: {} },
};

/** The query side as the menu asks it: the member, the lists' text search, one posting by id. */
function commandServer(role: MemberRole) {
  return serveFetch(({ path }: SeenRequest) => {
    const url = new URL(path, 'http://localhost');
    const text = (url.searchParams.get('search') ?? '').toLowerCase();
    const found = <T,>(rows: T[], fields: (row: T) => string[]) =>
      text ? rows.filter((row) => fields(row).some((field) => field.toLowerCase().includes(text))) : [];
    switch (url.pathname) {
      case '/api/v1/organization/get-active-member':
        return {
          body: activeMemberAnswerSchema.parse({
            success: true,
            data: {
              id: 'm-1',
              organizationId: organization.id,
              userId: 'u-1',
              role,
              createdAt: '2026-01-05T10:00:00.000Z',
              user: {
                id: 'u-1',
                email: 'dana@acme.test',
                name: 'Dana Reyes',
                firstName: 'Dana',
                lastName: 'Reyes',
              },
              permissions: rolePermissions[role],
            },
          }),
        };
      case '/api/v1/trucks': {
        const data = found(trucks, (truck) => [truck.truckName, truck.truckCity]);
        return {
          body: trucksPageAnswerSchema.parse({
            success: true,
            ...page,
            ...totals,
            count: data.length,
            totalCount: data.length,
            totalTrucksCreatedToday: 0,
            totalTrucksCreatedYesterday: 0,
            data,
          }),
        };
      }
      case '/api/v1/loads': {
        const data = found(loads, (load) => [load.originCity, load.destinationCity, load.customerName ?? '']);
        return {
          body: loadsPageAnswerSchema.parse({
            success: true,
            ...page,
            ...totals,
            count: data.length,
            totalCount: data.length,
            totalCreatedToday: 0,
            totalCreatedYesterday: 0,
            data,
          }),
        };
      }
      case '/api/v1/envelopes':
        return {
          body: envelopesPageAnswerSchema.parse({
            success: true,
            ...page,
            count: 0,
            totalCount: 0,
            data: [],
          }),
        };
      case '/api/v1/loads/42':
        return { body: loads[0] };
      default:
        return notFound;
    }
  });
}

async function openMenu(role: MemberRole) {
  const seen = commandServer(role);
  const user = userEvent.setup();
  const view = renderScreen(() => <CommandMenu organization={organization} />, '/acme/overview');
  await vi.waitFor(() =>
    expect(seen.some((request) => request.path === '/api/v1/organization/get-active-member')).toBe(true),
  );
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command menu' });
  return { seen, user, dialog, ...view };
}

const group = (dialog: HTMLElement, heading: string) =>
  [...dialog.querySelectorAll<HTMLElement>('[cmdk-group]')].find(
    (element) => element.querySelector('[cmdk-group-heading]')?.textContent === heading,
  );
const options = (element: HTMLElement | undefined) =>
  element
    ? within(element)
        .getAllByRole('option')
        .map((option) => option.textContent)
    : [];

describe('CommandMenu', () => {
  it('lists the screens the role allows', async () => {
    const { dialog } = await openMenu('member');
    await vi.waitFor(() => expect(options(group(dialog, 'Go to'))).toContain('System check'));
    expect(options(group(dialog, 'Go to'))).toEqual([
      'Overview',
      'Trucks',
      'Loads',
      'Post truck',
      'Post load',
      'Radius search',
      'Radius 360',
      'System check',
    ]);
    cleanup();

    const owner = await openMenu('owner');
    await vi.waitFor(() => expect(options(group(owner.dialog, 'Go to'))).toContain('Members'));
    expect(options(group(owner.dialog, 'Go to'))).toEqual(
      expect.arrayContaining(['Sign-pro', 'Onboard client', 'Members', 'Activity']),
    );
  });

  it('finds a truck by its city and opens it', async () => {
    const { dialog, user, seen, router } = await openMenu('member');
    await user.type(within(dialog).getByRole('combobox'), 'peoria');

    await vi.waitFor(() =>
      expect(options(group(dialog, 'Trucks'))).toEqual(['Lakeshore Hauler · Peoria, ILUnit U-17 · #2']),
    );
    expect(group(dialog, 'Loads')).toBeUndefined();
    const asked = seen.map((request) => new URL(request.path, 'http://localhost'));
    expect(
      asked.some(
        (url) =>
          url.pathname === '/api/v1/trucks' &&
          url.searchParams.get('search') === 'peoria' &&
          url.searchParams.get('limit') === '5',
      ),
    ).toBe(true);
    // The few letters typed before the pause are never asked.
    expect(asked.filter((url) => url.searchParams.get('search') === 'peo')).toEqual([]);

    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/acme/trucks/edit/2'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('looks digits up as a truck and a load id: a 404 shows nothing, a known id shows the posting', async () => {
    const { dialog, user, seen } = await openMenu('member');
    const input = within(dialog).getByRole('combobox');
    await user.type(input, '77');

    await vi.waitFor(() =>
      expect(seen.map((request) => request.path)).toEqual(
        expect.arrayContaining(['/api/v1/trucks/77', '/api/v1/loads/77']),
      ),
    );
    await vi.waitFor(() => expect(within(dialog).getByText('Nothing matches “77”.')).toBeTruthy());
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.clear(input);
    await user.type(input, '#42');
    await vi.waitFor(() => expect(options(group(dialog, 'Loads'))).toHaveLength(1));
    expect(options(group(dialog, 'Loads'))[0]).toContain('Springfield, IL → Dallas, TX');
    expect(seen.filter((request) => request.path === '/api/v1/loads/42')).toHaveLength(1);
  });
});
