import { describe, expect, it } from 'vitest';
import { readOutbox } from './outbox.ts';
import { ada, authFixturePerTest, baseURL, cookiesFrom, postJson, signUp } from './test-fixture.ts';

const fixture = authFixturePerTest((app) => {
  // Routes of other plugins on the same instance: a JSON route and a static route under /api/auth.
  app.post('/api/echo', async (request) => ({ received: request.body }));
  app.get('/api/auth/organization/list', async () => ({ from: 'organizations' }));
});

async function getSession(cookie: string) {
  const response = await fixture.app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('sign-up and session', () => {
  it('signs a new user up, and the verification link sets the session cookie', async () => {
    const { response, cookie } = await signUp(fixture);

    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: ada.email, role: 'user', firstName: 'Ada' });
    expect(response.cookies).toEqual([]);
    expect(cookie).toMatch(/^better-auth\.session_token=/);
  });

  it('returns the user with its profile fields and a session without organization', async () => {
    const { cookie } = await signUp(fixture);

    const body = await getSession(cookie);

    expect(body.user).toMatchObject({
      email: ada.email,
      name: ada.name,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: null,
      role: 'user',
      emailVerified: true,
    });
    expect(body.session).toMatchObject({ userId: body.user.id, activeOrganizationId: null });
  });

  it('shows an active organization written by the server on the next read', async () => {
    const { cookie } = await signUp(fixture);
    const { session } = await getSession(cookie);

    await fixture.service.setActiveOrganization(session.id, 'org-1');

    expect((await getSession(cookie)).session.activeOrganizationId).toBe('org-1');
    expect((await fixture.service.getSession({ cookie }))?.session.activeOrganizationId).toBe('org-1');
  });

  it('answers null without a cookie', async () => {
    expect(await getSession('')).toBeNull();
  });
});

describe('what a client cannot set', () => {
  it('refuses a platform role sent with sign-up and creates nobody', async () => {
    const response = await postJson(fixture.app, '/api/auth/sign-up/email', { ...ada, role: 'super_admin' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'FIELD_NOT_ALLOWED' });
    expect(await readOutbox(fixture.outboxDir)).toEqual([]);
  });

  it('ignores an organization sent with sign-up', async () => {
    const { response, cookie } = await signUp(fixture, { ...ada, activeOrganizationId: 'org-1' });

    expect(response.statusCode).toBe(200);
    const body = await getSession(cookie);
    expect(body.user.role).toBe('user');
    expect(body.session.activeOrganizationId).toBeNull();
  });

  it('refuses a platform role sent with update-user', async () => {
    const { cookie } = await signUp(fixture);

    const response = await postJson(fixture.app, '/api/auth/update-user', { role: 'super_admin' }, cookie);

    expect(response.statusCode).toBe(400);
    expect((await getSession(cookie)).user.role).toBe('user');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password', async () => {
    await signUp(fixture);

    const response = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: ada.email,
      password: ada.password,
    });

    expect(response.statusCode).toBe(200);
    expect((await getSession(cookiesFrom(response))).user.email).toBe(ada.email);
  });

  it('refuses a wrong password with the generic message', async () => {
    await signUp(fixture);

    const response = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: ada.email,
      password: 'not the password',
    });

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid email or password');
  });

  it('sends every cookie of a not-remembered sign-in as its own Set-Cookie header', async () => {
    await signUp(fixture);

    const response = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: ada.email,
      password: ada.password,
      rememberMe: false,
    });

    const names = response.cookies.map((cookie) => cookie.name);
    expect(names).toEqual(expect.arrayContaining(['better-auth.session_token', 'better-auth.dont_remember']));
    expect((await getSession(cookiesFrom(response))).user.email).toBe(ada.email);
  });

  it('ends the session on sign-out', async () => {
    const { cookie } = await signUp(fixture);

    const response = await postJson(fixture.app, '/api/auth/sign-out', {}, cookie);

    expect(response.statusCode).toBe(200);
    expect(await getSession(cookie)).toBeNull();
    expect(await fixture.service.getSession({ cookie })).toBeNull();
  });

  it('refuses a cookie-carrying POST from an untrusted origin', async () => {
    const { cookie } = await signUp(fixture);

    const response = await fixture.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      headers: { cookie, origin: 'https://elsewhere.example' },
    });

    expect(response.statusCode).toBe(403);
    expect(await getSession(cookie)).not.toBeNull();
  });
});

describe('raw bodies and neighbouring routes', () => {
  it('hands a form-encoded body to better-auth untouched', async () => {
    await signUp(fixture);

    const response = await fixture.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: new URLSearchParams({ email: ada.email, password: ada.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(ada.email);
  });

  it('leaves JSON parsing of routes outside the plugin as it was', async () => {
    const response = await postJson(fixture.app, '/api/echo', { hello: 'dispatch' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { hello: 'dispatch' } });
  });

  it('lets a static route under /api/auth registered elsewhere win over the wildcard', async () => {
    const response = await fixture.app.inject({ method: 'GET', url: '/api/auth/organization/list' });

    expect(response.json()).toEqual({ from: 'organizations' });
  });

  it('passes redirects through with their Location header', async () => {
    const response = await fixture.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/unknown-token?callbackURL=%2Freset-password',
    });

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${baseURL}/reset-password?error=INVALID_TOKEN`);
  });

  it('passes better-auth its own answers for unknown paths', async () => {
    const response = await fixture.app.inject({ method: 'GET', url: '/api/auth/ok' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
