import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, vi } from 'vitest';
import { ada, authFixturePerTest, cookiesFrom, getPath, postJson, signIn, signUp } from '../test-fixture.ts';

/** docs/rules.md#states-and-transitions "Session", sign-in and the session calls of section 7, the session rules of section 6. */

const fixture = authFixturePerTest();

const day = 24 * 3600_000;

async function getSession(cookie: string, query = '') {
  return getPath(fixture.app, `/api/auth/get-session${query}`, cookie);
}

function runSql(sql: string, ...params: string[]) {
  const db = new DatabaseSync(fixture.databasePath);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

describe('sign-in/email', () => {
  it('returns redirect, token, url and user, and sets a session cookie remembered for the session lifetime', async () => {
    await signUp(fixture);

    const response = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: ada.email,
      password: ada.password,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      redirect: false,
      token: expect.any(String),
      user: { email: ada.email },
    });
    const cookie = response.cookies.find((c) => c.name === 'better-auth.session_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7 * 24 * 3600 });
  });

  it('redirects to the callback URL when one is given', async () => {
    await signUp(fixture);

    const response = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: ada.email,
      password: ada.password,
      callbackURL: '/board',
    });

    expect(response.json()).toMatchObject({ redirect: true, url: '/board' });
  });

  it('answers "Invalid email" (400) for a malformed address', async () => {
    const response = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: 'ada',
      password: ada.password,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid email');
  });

  it('answers the same 401 "Invalid email or password" for an unknown user, a wrong password and a missing credential', async () => {
    const { cookie } = await signUp(fixture);
    const userId = (await getSession(cookie)).json().user.id;
    await fixture.service.createUser({
      email: 'social@example.com',
      password: 'irrelevant pw 1',
      name: 'Social Only',
    });
    runSql(
      "DELETE FROM account WHERE providerId = 'credential' AND userId = (SELECT id FROM user WHERE email = ?)",
      'social@example.com',
    );

    const unknown = await signIn(fixture, 'nobody@example.com', ada.password, '10.0.0.1');
    const wrong = await signIn(fixture, ada.email, 'not the password', '10.0.0.2');
    const noCredential = await signIn(fixture, 'social@example.com', 'irrelevant pw 1', '10.0.0.3');

    for (const { response } of [unknown, wrong, noCredential]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
      });
    }
    expect(userId).toBeTruthy();
  });

  it('with rememberMe false sets a browser-session cookie that is not refreshed', async () => {
    await signUp(fixture);
    const response = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: ada.email,
      password: ada.password,
      rememberMe: false,
    });
    const cookie = cookiesFrom(response);
    expect(response.cookies.find((c) => c.name === 'better-auth.session_token')?.maxAge).toBeUndefined();
    const before = (await getSession(cookie)).json().session.expiresAt;

    // Its remaining life is now below the update age, which would extend a remembered session.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3600_000 });
    const later = await getSession(cookie);

    expect(later.json().session.expiresAt).toBe(before);
    expect(later.cookies).toEqual([]);
  });
});

describe('get-session', () => {
  it('returns null without a session', async () => {
    const response = await getSession('');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('extends the session once the remaining lifetime drops below the update age, and renews the cookie', async () => {
    const { cookie } = await signUp(fixture);
    const before = new Date((await getSession(cookie)).json().session.expiresAt).getTime();

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * day });
    const later = await getSession(cookie);

    expect(new Date(later.json().session.expiresAt).getTime()).toBeGreaterThan(before);
    expect(later.cookies.map((c) => c.name)).toContain('better-auth.session_token');
  });

  it('does not extend the session with disableRefresh', async () => {
    const { cookie } = await signUp(fixture);
    const before = (await getSession(cookie)).json().session.expiresAt;

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * day });
    const later = await getSession(cookie, '?disableRefresh=true');

    expect(later.json().session.expiresAt).toBe(before);
  });

  it('answers an expired session with null, deletes it and clears its cookies', async () => {
    const { cookie } = await signUp(fixture);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 8 * day });
    const response = await getSession(cookie);

    expect(response.json()).toBeNull();
    expect(response.cookies.find((c) => c.name === 'better-auth.session_token')?.maxAge).toBe(0);
    vi.useRealTimers();
    expect(await fixture.service.getSession({ cookie })).toBeNull();
  });

  it('ignores a session cookie with a bad signature', async () => {
    const { cookie } = await signUp(fixture);
    const forged = cookie.replace(/\.[^.;]+(;|$)/, '.forgedsignature$1');

    expect((await getSession(forged)).json()).toBeNull();
  });
});

describe('sign-out', () => {
  it('deletes the session and clears the cookies', async () => {
    const { cookie } = await signUp(fixture);

    const response = await postJson(fixture.app, '/api/auth/sign-out', {}, cookie);

    expect(response.json()).toEqual({ success: true });
    expect(response.cookies.find((c) => c.name === 'better-auth.session_token')?.maxAge).toBe(0);
    expect((await getSession(cookie)).json()).toBeNull();
  });
});

describe('revoking sessions', () => {
  async function twoSessions() {
    const { cookie: first } = await signUp(fixture);
    const { cookie: second } = await signIn(fixture, ada.email, ada.password);
    const secondToken = (await getSession(second)).json().session.token as string;
    return { first, second, secondToken };
  }

  it('revoke-session ends one of the user own sessions and returns status true', async () => {
    const { first, second, secondToken } = await twoSessions();

    const response = await postJson(fixture.app, '/api/auth/revoke-session', { token: secondToken }, first);

    expect(response.json()).toEqual({ status: true });
    expect((await getSession(second)).json()).toBeNull();
    expect((await getSession(first)).json()).not.toBeNull();
  });

  it('revoke-session refuses another user\'s session with 400 "Session not found" and ends nothing', async () => {
    const { second, secondToken } = await twoSessions();
    await fixture.service.createUser({
      email: 'mallory@example.com',
      password: 'mallory password',
      name: 'Mallory',
    });
    const { cookie: mallory } = await signIn(fixture, 'mallory@example.com', 'mallory password', '10.0.0.9');

    const response = await postJson(fixture.app, '/api/auth/revoke-session', { token: secondToken }, mallory);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Session not found');
    expect((await getSession(second)).json()).not.toBeNull();
  });

  it('revoke-session needs a token string (400 "Invalid body parameters")', async () => {
    const { first } = await twoSessions();

    const response = await postJson(fixture.app, '/api/auth/revoke-session', { token: 42 }, first);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
  });

  it('revoke-other-sessions keeps only the current session', async () => {
    const { first, second } = await twoSessions();

    const response = await postJson(fixture.app, '/api/auth/revoke-other-sessions', {}, first);

    expect(response.json()).toEqual({ status: true });
    expect((await getSession(first)).json()).not.toBeNull();
    expect((await getSession(second)).json()).toBeNull();
  });

  it('revoke-sessions ends every session of the user', async () => {
    const { first, second } = await twoSessions();

    const response = await postJson(fixture.app, '/api/auth/revoke-sessions', {}, first);

    expect(response.json()).toEqual({ status: true });
    expect((await getSession(first)).json()).toBeNull();
    expect((await getSession(second)).json()).toBeNull();
  });

  it('answers 401 Unauthorized without a session', async () => {
    const response = await postJson(fixture.app, '/api/auth/revoke-sessions', {});

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Unauthorized');
  });
});

describe('fresh sessions', () => {
  it('lists sessions for a fresh session and answers 403 "Session is not fresh" after the freshness age', async () => {
    const { cookie } = await signUp(fixture);

    const fresh = await getPath(fixture.app, '/api/auth/list-sessions', cookie);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + day + 60_000 });
    const stale = await getPath(fixture.app, '/api/auth/list-sessions', `${cookie}`);

    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toHaveLength(1);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe('Session is not fresh');
  });
});
