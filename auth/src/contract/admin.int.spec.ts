import { beforeEach, describe, expect, it } from 'vitest';
import { createAuthService } from '../auth-service.ts';
import { ada, authFixturePerTest, baseURL, getPath, postJson, signIn, signUp } from '../test-fixture.ts';

/** docs/rules.md#roles-and-permissions: platform roles user, owner, super_admin; the admin feature's actions for super_admin only. */

const fixture = authFixturePerTest();
let admin: string;
let adaCookie: string;
let adaId: string;

beforeEach(async () => {
  await fixture.service.createUser({
    email: 'root@example.com',
    password: 'root password 1',
    name: 'Rita Root',
    role: 'super_admin',
  });
  await fixture.service.createUser({
    email: 'owen@example.com',
    password: 'owner password 1',
    name: 'Owen Owner',
    role: 'owner',
  });
  admin = (await signIn(fixture, 'root@example.com', 'root password 1', '10.1.0.1')).cookie;
  adaCookie = (await signUp(fixture)).cookie;
  adaId = (await getPath(fixture.app, '/api/auth/get-session', adaCookie)).json().user.id;
});

describe('admin/list-users', () => {
  it('lists every user to a super_admin with paging, search and sort', async () => {
    const all = await getPath(
      fixture.app,
      '/api/auth/admin/list-users?sortBy=email&sortDirection=asc',
      admin,
    );
    const page = await getPath(
      fixture.app,
      '/api/auth/admin/list-users?limit=1&offset=1&sortBy=email&sortDirection=asc',
      admin,
    );
    const search = await getPath(
      fixture.app,
      '/api/auth/admin/list-users?searchValue=owen&searchField=email&searchOperator=contains',
      admin,
    );

    expect(all.json().users.map((user: { email: string }) => user.email)).toEqual([
      ada.email,
      'owen@example.com',
      'root@example.com',
    ]);
    expect(all.json().total).toBe(3);
    expect(page.json()).toMatchObject({
      total: 3,
      limit: 1,
      offset: 1,
      users: [{ email: 'owen@example.com', role: 'owner' }],
    });
    expect(search.json().users.map((user: { email: string }) => user.email)).toEqual(['owen@example.com']);
  });

  it('refuses a plain user and an owner with 403', async () => {
    const owner = (await signIn(fixture, 'owen@example.com', 'owner password 1', '10.1.0.2')).cookie;

    for (const cookie of [adaCookie, owner]) {
      const response = await getPath(fixture.app, '/api/auth/admin/list-users', cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You are not allowed to list users');
    }
  });

  it('lets a user on the configured admin list through whatever their role', async () => {
    const { id } = await fixture.service.createUser({
      email: 'ops@example.com',
      password: 'ops password 1',
      name: 'Ops',
    });
    const { cookie } = await signIn(fixture, 'ops@example.com', 'ops password 1', '10.1.0.5');
    const withAdminList = await createAuthService({ ...fixture.config, adminUserIds: [id] });
    try {
      const listed = await withAdminList.handler(
        new Request(`${baseURL}/api/auth/admin/list-users`, { headers: { cookie } }),
      );
      const refused = await fixture.app.inject({
        method: 'GET',
        url: '/api/auth/admin/list-users',
        headers: { cookie },
      });

      expect(listed.status).toBe(200);
      expect(refused.statusCode).toBe(403);
    } finally {
      await withAdminList.close();
    }
  });
});

describe('roles, bans and impersonation', () => {
  it('set-role makes a user super_admin', async () => {
    const response = await postJson(
      fixture.app,
      '/api/auth/admin/set-role',
      { userId: adaId, role: 'super_admin' },
      admin,
    );

    expect(response.statusCode).toBe(200);
    expect((await getPath(fixture.app, '/api/auth/admin/list-users', adaCookie)).statusCode).toBe(200);
  });

  it('set-role is refused to a plain user', async () => {
    const response = await postJson(
      fixture.app,
      '/api/auth/admin/set-role',
      { userId: adaId, role: 'super_admin' },
      adaCookie,
    );

    expect(response.statusCode).toBe(403);
  });

  it('ban ends the user sessions and refuses their sign-in; unban lets them back', async () => {
    const banned = await postJson(
      fixture.app,
      '/api/auth/admin/ban-user',
      { userId: adaId, banReason: 'Testing' },
      admin,
    );
    const refused = await signIn(fixture, ada.email, ada.password, '10.1.0.3');
    await postJson(fixture.app, '/api/auth/admin/unban-user', { userId: adaId }, admin);
    const back = await signIn(fixture, ada.email, ada.password, '10.1.0.4');

    expect(banned.statusCode).toBe(200);
    expect(await fixture.service.getSession({ cookie: adaCookie })).toBeNull();
    expect(refused.response.statusCode).toBe(403);
    expect(back.response.statusCode).toBe(200);
  });

  it('impersonate-user gives the super_admin a session as the user; stop-impersonating returns to their own', async () => {
    const impersonated = await postJson(
      fixture.app,
      '/api/auth/admin/impersonate-user',
      { userId: adaId },
      admin,
    );
    const asAda = mergeSetCookies(admin, impersonated.headers['set-cookie']);
    const during = await fixture.service.getSession({ cookie: asAda });

    const stopped = await postJson(fixture.app, '/api/auth/admin/stop-impersonating', {}, asAda);
    const after = await fixture.service.getSession({
      cookie: mergeSetCookies(asAda, stopped.headers['set-cookie']),
    });

    expect(impersonated.statusCode).toBe(200);
    expect(during?.user.email).toBe(ada.email);
    expect(stopped.statusCode).toBe(200);
    expect(after?.user.email).toBe('root@example.com');
  });
});

function mergeSetCookies(cookie: string, setCookie: string | string[] | undefined): string {
  const jar = new Map(cookie.split('; ').map((pair) => [pair.split('=')[0], pair] as const));
  for (const header of ([] as string[]).concat(setCookie ?? [])) {
    const [pair = ''] = header.split(';');
    const name = pair.split('=')[0] ?? '';
    if (/max-age=0/i.test(header) || pair.endsWith('=')) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}
