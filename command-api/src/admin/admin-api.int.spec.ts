import { join, ownerWithOrganization, query, signIn, startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let admin: string;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;

beforeAll(async () => {
  app = await startTestApp();
  await app.infrastructure.auth.createUser({
    email: 'platform-admin@example.com',
    password: 'correct-horse-battery',
    name: 'Pat Admin',
    role: 'super_admin',
  });
  admin = await signIn(app, 'platform-admin@example.com');
  owner = await ownerWithOrganization(app, 'admin-area-owner@example.com', 'Admin Area Freight');
  await join(app, owner.cookie, 'admin-area-member@example.com');
  await ownerWithOrganization(app, 'second-owner@example.com', 'Second Freight');
});
afterAll(() => app.stop());

describe('the admin area', () => {
  it('lists users through the authentication service with the filters the admin page sends', async () => {
    const response = await query(
      app,
      admin,
      '/api/auth/admin/list-users?limit=10&offset=0&sortBy=createdAt&sortDirection=desc&searchValue=admin-area&searchField=email&searchOperator=contains',
    );
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .users.map((user: { email: string }) => user.email)
        .sort(),
    ).toEqual(['admin-area-member@example.com', 'admin-area-owner@example.com']);
    const admins = await query(
      app,
      admin,
      '/api/auth/admin/list-users?limit=10&offset=0&filterField=role&filterValue=super_admin&filterOperator=eq',
    );
    expect(admins.json()).toMatchObject({ total: 1, users: [{ email: 'platform-admin@example.com' }] });
  });

  it('rebuilds the read models while they serve, for a super_admin only, reporting progress', async () => {
    const rebuild = (cookie: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/v1/admin/read-models/rebuild',
        headers: { cookie, origin: app.url },
        payload: {},
      });
    expect((await rebuild(owner.cookie)).statusCode).toBe(403);
    expect((await query(app, owner.cookie, '/api/v1/admin/read-models')).statusCode).toBe(403);
    expect((await query(app, admin, '/api/v1/admin/read-models')).json().data.state).toBe('idle');

    const requested = await rebuild(admin);
    expect(requested.statusCode).toBe(202);
    const status = async () => (await query(app, admin, '/api/v1/admin/read-models')).json().data;
    const deadline = Date.now() + 15_000;
    while ((await status()).state !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const finished = await status();
    expect(finished).toMatchObject({ state: 'completed', etaSeconds: 0, error: null });
    expect(BigInt(finished.reached)).toBeGreaterThanOrEqual(
      BigInt(requested.headers['x-event-position'] as string),
    );
    expect(typeof finished.requestedBy).toBe('string');
    // The rebuilt read models answer as before.
    const counts = (await query(app, admin, '/api/v1/admin/overview')).json().data;
    expect(counts).toEqual({ organizations: 2, members: 3, pendingInvitations: 0 });
  });
});
