// @vitest-environment jsdom
import {
  type ApiKeyAnswer,
  activeMemberAnswerSchema,
  apiKeyCreatedAnswerSchema,
  apiKeysAnswerSchema,
  type MemberRole,
  rolePermissions,
} from '@dispatch/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, type SeenRequest, serveFetch } from '../../../testing/render-screen';
import { ApiKeysPage } from './api-keys-page';

afterEach(cleanup);

const organization = { id: 'org-1', slug: 'acme', name: 'Acme Freight' };
const secret = 'dsp_a1b2c3d4e5f6_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

const key = (fields: Partial<ApiKeyAnswer> = {}): ApiKeyAnswer => ({
  id: 'a1b2c3d4e5f6',
  name: 'Load board sync',
  prefix: 'dsp_a1b2c3d4e5f6',
  scopes: ['postings:read'],
  createdBy: { id: 'u-1', name: 'Dana Reyes' },
  createdAt: '2026-11-20T15:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
  status: 'active',
  ...fields,
});

const member = (role: MemberRole) =>
  activeMemberAnswerSchema.parse({
    success: true,
    data: {
      id: 'm-1',
      organizationId: organization.id,
      userId: 'u-1',
      role,
      createdAt: '2026-01-05T10:00:00.000Z',
      user: { id: 'u-1', email: 'dana@acme.test', name: 'Dana Reyes', firstName: 'Dana', lastName: 'Reyes' },
      permissions: rolePermissions[role],
    },
  });

/** The in-test server: the keys it holds, made and revoked as the page asks. */
function serveKeys(initial: ApiKeyAnswer[], role: MemberRole = 'admin'): SeenRequest[] {
  let keys = [...initial];
  return serveFetch((request) => {
    if (request.path === '/api/v1/organization/get-active-member') return { body: member(role) };
    if (request.path === '/api/v1/api-keys' && request.method === 'GET')
      return { body: apiKeysAnswerSchema.parse({ items: keys }) };
    if (request.path === '/api/v1/api-keys' && request.method === 'POST') {
      const input = request.body as Pick<ApiKeyAnswer, 'name' | 'scopes' | 'expiresAt'>;
      const made = key({ ...input });
      keys = [made, ...keys];
      return { status: 201, body: apiKeyCreatedAnswerSchema.parse({ key: made, secret }) };
    }
    const revoked = /^\/api\/v1\/api-keys\/(\w+)$/.exec(request.path);
    if (revoked && request.method === 'DELETE') {
      keys = keys.map((one) =>
        one.id === revoked[1] ? { ...one, status: 'revoked', revokedAt: '2026-11-27T12:00:00.000Z' } : one,
      );
      return { status: 204, body: undefined };
    }
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found', errors: {} } };
  });
}

const renderPage = () =>
  renderScreen(
    () => <ApiKeysPage organization={organization} />,
    '/acme/settings/api-keys',
    '/$orgSlug/settings/api-keys',
  );

describe('Settings → API keys', () => {
  it('creates a key and shows its secret once, in the dialog only', async () => {
    const seen = serveKeys([]);
    const user = userEvent.setup();
    const { queryClient } = renderPage();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(form).getByLabelText('Name'), 'Load board sync');
    await user.click(within(form).getByLabelText(/Read postings/));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Load board sync is ready' });
    expect(within(shown).getByTestId('one-time-secret').textContent).toBe(secret);
    expect(shown.textContent).toContain('it will not be shown again');
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Load board sync',
      scopes: ['postings:read'],
      expiresAt: null,
    });
    // The list shows the new key by its prefix, never its secret.
    const row = await screen.findByTestId('api-key-row');
    expect(row.textContent).toContain('dsp_a1b2c3d4e5f6');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(secret);
    // Nor does the client's cache keep it.
    await vi.waitFor(() =>
      expect(
        JSON.stringify(
          queryClient
            .getMutationCache()
            .getAll()
            .map((m) => m.state.data),
        ),
      ).not.toContain(secret),
    );
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).not.toContain(secret);

    // Opened again, the dialog is a blank form: the secret is gone for good.
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const again = await screen.findByRole('dialog', { name: 'Create an API key' });
    expect((within(again).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain(secret);
  });

  it('says what is missing and sends nothing', async () => {
    const seen = serveKeys([]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Choose at least one scope')).toBeTruthy();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('revokes a key only once the revocation is confirmed', async () => {
    const seen = serveKeys([key()]);
    const user = userEvent.setup();
    renderPage();
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByText('Active')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: /Revoke/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    expect(confirm.textContent).toContain('stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(within(row).getByRole('button', { name: /Revoke/ }));
    const again = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    await user.click(within(again).getByRole('button', { name: 'Revoke key' }));
    await vi.waitFor(() =>
      expect(seen.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
        '/api/v1/api-keys/a1b2c3d4e5f6',
      ]),
    );
    expect(await within(await screen.findByTestId('api-key-row')).findByText('Revoked')).toBeTruthy();
    expect(within(screen.getByTestId('api-key-row')).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('sends anyone but an owner or admin to the overview', async () => {
    serveKeys([key()], 'memberPlus');
    const { router } = renderPage();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/acme/overview'));
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
  });
});
