// @vitest-environment jsdom
import {
  activeMemberAnswerSchema,
  envelopesPageAnswerSchema,
  type MemberRole,
  postingSearchAnswerSchema,
  rolePermissions,
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
const notFound = {
  status: 404,
  body: { success: false, code: 'NOT_FOUND', message: 'Not found', errors: {} },
};

/** The query side as the menu asks it: the member, the one search of postings, the envelopes' list. */
function commandServer(role: MemberRole) {
  return serveFetch(({ path }: SeenRequest) => {
    const url = new URL(path, 'http://localhost');
    const text = (url.searchParams.get('q') ?? url.searchParams.get('search') ?? '').toLowerCase();
    const id = /^#?(\d+)$/.exec(text)?.[1];
    const found = <T extends { id: number }>(rows: T[], fields: (row: T) => string[]) =>
      rows.filter(
        (row) => String(row.id) === id || fields(row).some((field) => field.toLowerCase().includes(text)),
      );
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
      case '/api/v1/search':
        return {
          body: postingSearchAnswerSchema.parse({
            success: true,
            trucks: found(trucks, (truck) => [
              truck.truckName,
              truck.truckCity,
              truck.truckState,
              truck.unitNumber ?? '',
              truck.companyName ?? '',
            ]),
            loads: found(loads, (load) => [load.originCity, load.destinationCity, load.customerName ?? '']),
          }),
        };
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
      'Lane search',
      'Lane history',
      'Saved searches',
      'System check',
      'Account',
    ]);
    cleanup();

    const owner = await openMenu('owner');
    await vi.waitFor(() => expect(options(group(owner.dialog, 'Go to'))).toContain('Members'));
    expect(options(group(owner.dialog, 'Go to'))).toEqual(
      expect.arrayContaining([
        'Sign-pro',
        'Onboard client',
        'Members',
        'Activity',
        'Settings',
        'API keys',
        'Webhooks',
      ]),
    );
    // Admin is the platform's, for a super_admin only.
    expect(options(group(owner.dialog, 'Go to'))).not.toContain('Admin');
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
          url.pathname === '/api/v1/search' &&
          url.searchParams.get('q') === 'peoria' &&
          url.searchParams.get('limit') === '5',
      ),
    ).toBe(true);
    // One search asks the server, not each list.
    expect(
      asked.filter((url) => url.pathname === '/api/v1/trucks' || url.pathname === '/api/v1/loads'),
    ).toEqual([]);
    // The few letters typed before the pause are never asked.
    expect(asked.filter((url) => url.searchParams.get('q') === 'peo')).toEqual([]);

    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/acme/trucks/edit/2'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('looks digits up in the one search: no request for an id that may not exist', async () => {
    const { dialog, user, seen } = await openMenu('member');
    const input = within(dialog).getByRole('combobox');
    await user.type(input, '77');

    await vi.waitFor(() => expect(within(dialog).getByText('Nothing matches “77”.')).toBeTruthy());
    const paths = seen.map((request) => new URL(request.path, 'http://localhost'));
    expect(
      paths.filter((url) => url.pathname === '/api/v1/search').map((url) => url.searchParams.get('q')),
    ).toEqual(['77']);
    expect(paths.filter((url) => /^\/api\/v1\/(trucks|loads)\//.test(url.pathname))).toEqual([]);
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.clear(input);
    await user.type(input, '#42');
    await vi.waitFor(() => expect(options(group(dialog, 'Loads'))).toHaveLength(1));
    expect(options(group(dialog, 'Loads'))[0]).toContain('Springfield, IL → Dallas, TX');
  });

  it('opens the Keyboard help, which lists the shortcuts', async () => {
    const { dialog, user } = await openMenu('member');
    await user.type(within(dialog).getByRole('combobox'), 'keyboard');
    await vi.waitFor(() => expect(options(group(dialog, 'Help'))[0]).toContain('Keyboard shortcuts'));
    await user.keyboard('{Enter}');
    const help = await screen.findByRole('dialog', { name: 'Keyboard' });
    expect(within(help).getByText('Next row')).toBeTruthy();
    expect(within(help).getByText(/Open the command menu/)).toBeTruthy();
  });
});
