import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AuthFixture,
  ada,
  baseURL,
  getPath,
  mergeCookies,
  postJson,
  signUp,
  startAuthFixture,
} from '../test-fixture.ts';
import { type OidcTestProvider, type ProviderUser, startOidcTestProvider } from './oidc-test-provider.ts';

/**
 * docs/rules.md#states-and-transitions "Social sign-in" and the social rows of sections 7 and 8, against a real OpenID Connect
 * provider on loopback configured by its discovery URL.
 */

let oidc: OidcTestProvider;
let fixture: AuthFixture;

const nia: ProviderUser = {
  sub: 'acme-nia',
  email: 'nia@example.com',
  email_verified: true,
  name: 'Nia Newcomer',
};

beforeAll(async () => {
  oidc = await startOidcTestProvider({ redirectUri: `${baseURL}/api/auth/callback/acme` });
});
afterAll(async () => {
  await oidc.close();
});

beforeEach(async () => {
  oidc.setAccessTokenLifetime(3600);
  fixture = await startAuthFixture({
    config: {
      identityProviders: {
        builtIn: {},
        oidc: [
          {
            id: 'acme',
            name: 'Acme ID',
            discoveryUrl: oidc.discoveryUrl,
            clientId: oidc.clientId,
            clientSecret: oidc.clientSecret,
          },
        ],
        trusted: [],
      },
    },
  });
});
afterEach(async () => {
  vi.useRealTimers();
  await fixture.close();
});

async function startSocial(path: string, body: Record<string, unknown>, cookie = '') {
  const start = await postJson(fixture.app, path, { provider: 'acme', ...body }, cookie || undefined);
  expect(start.statusCode).toBe(200);
  return { start, cookie: mergeCookies(cookie, start) };
}

/** Starts a sign-in, passes the provider as `user`, and returns the application's answer to the callback. */
async function socialSignIn(user: ProviderUser, body: Record<string, unknown> = {}, cookie = '') {
  const started = await startSocial('/api/auth/sign-in/social', { callbackURL: '/board', ...body }, cookie);
  oidc.signInAs(user);
  const back = await oidc.authorize(started.start.json().url);
  const callback = await getPath(fixture.app, `${back.pathname}${back.search}`, started.cookie);
  return { start: started.start, back, callback, cookie: mergeCookies(started.cookie, callback) };
}

async function sessionOf(cookie: string) {
  return (await getPath(fixture.app, '/api/auth/get-session', cookie)).json();
}

async function accountsOf(cookie: string) {
  return (await getPath(fixture.app, '/api/auth/list-accounts', cookie)).json() as Array<{
    id: string;
    providerId: string;
    accountId: string;
    scopes: string[];
  }>;
}

describe('the providers of the sign-in page', () => {
  it('lists each configured provider with its display name', async () => {
    const response = await getPath(fixture.app, '/api/auth/providers');

    expect(response.json()).toEqual({ providers: [{ id: 'acme', name: 'Acme ID' }] });
  });
});

describe('sign-in/social', () => {
  it('returns an authorization URL with response_type, client_id, state, scope, redirect_uri and an S256 PKCE challenge', async () => {
    const { start } = await startSocial('/api/auth/sign-in/social', { callbackURL: '/board' });

    expect(start.json()).toMatchObject({ redirect: true });
    const url = new URL(start.json().url);
    expect(url.origin).toBe(oidc.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: oidc.clientId,
      redirect_uri: `${baseURL}/api/auth/callback/acme`,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toHaveLength(32);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state is kept 10 minutes, and so is the cookie that binds it to this browser.
    expect(start.cookies.find((c) => c.name === 'better-auth.state')?.maxAge).toBe(600);
  });

  it('does not redirect when redirect is disabled', async () => {
    const { start } = await startSocial('/api/auth/sign-in/social', {
      callbackURL: '/board',
      disableRedirect: true,
    });

    expect(start.json()).toMatchObject({ redirect: false });
    expect(start.headers.location).toBeUndefined();
  });

  it('answers 404 "Provider not found" for a provider that is not configured', async () => {
    const response = await postJson(fixture.app, '/api/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '/',
    });

    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Provider not found');
  });
});

describe('sign-in/social with an id token', () => {
  /** What a client holding the provider's own sign-in gets: an id token issued for our client id. */
  async function idTokenFor(user: ProviderUser, nonce: string) {
    const verifier = 'v'.repeat(64);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URL(`${oidc.issuer}/auth`);
    authorize.search = new URLSearchParams({
      client_id: oidc.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${baseURL}/api/auth/callback/acme`,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      nonce,
      state: 'client-state',
    }).toString();
    oidc.signInAs(user);
    const back = await oidc.authorize(authorize.href);
    const token = await fetch(`${oidc.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: `${baseURL}/api/auth/callback/acme`,
        code_verifier: verifier,
        client_id: oidc.clientId,
        client_secret: oidc.clientSecret,
      }),
    });
    const tokens = (await token.json()) as { id_token: string; access_token: string };
    return { idToken: tokens.id_token, accessToken: tokens.access_token };
  }

  it('verifies the id token against the key set and returns redirect false, token and user', async () => {
    const { idToken, accessToken } = await idTokenFor(nia, 'nonce-123');

    const response = await postJson(fixture.app, '/api/auth/sign-in/social', {
      provider: 'acme',
      idToken: { token: idToken, nonce: 'nonce-123', accessToken },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      redirect: false,
      token: expect.any(String),
      user: { email: nia.email },
    });
  });

  it('refuses a tampered id token with 401 "Invalid token"', async () => {
    const { idToken, accessToken } = await idTokenFor(nia, 'nonce-123');
    const [header, payload, signature] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, email: 'ceo@example.com' })).toString('base64url'),
      signature,
    ].join('.');

    const response = await postJson(fixture.app, '/api/auth/sign-in/social', {
      provider: 'acme',
      idToken: { token: forged, nonce: 'nonce-123', accessToken },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid token');
  });
});

describe('the callback', () => {
  it('creates a new user and redirects a new registration to the new-user URL', async () => {
    const { callback, cookie } = await socialSignIn(nia, { newUserCallbackURL: '/onboarding' });

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/onboarding');
    const { user } = await sessionOf(cookie);
    expect(user).toMatchObject({ email: nia.email, name: nia.name, emailVerified: true, firstName: 'Nia' });
    expect((await accountsOf(cookie)).map((account) => account.providerId)).toEqual(['acme']);
  });

  it('signs a returning user in to the same user, to the callback URL, with the account tokens updated', async () => {
    const first = await socialSignIn(nia, { newUserCallbackURL: '/onboarding' });
    const firstUser = (await sessionOf(first.cookie)).user;
    const tokensBefore = storedTokens(firstUser.id);

    const again = await socialSignIn(nia, { newUserCallbackURL: '/onboarding' });

    expect(again.callback.headers.location).toBe('/board');
    expect((await sessionOf(again.cookie)).user.id).toBe(firstUser.id);
    expect(storedTokens(firstUser.id)).not.toEqual(tokensBefore);
  });

  it('links the provider to an existing verified account with the same verified e-mail', async () => {
    const { cookie: passwordSession } = await signUp(fixture);
    const adaId = (await sessionOf(passwordSession)).user.id;

    const { callback, cookie } = await socialSignIn({
      sub: 'acme-ada',
      email: ada.email,
      email_verified: true,
      name: ada.name,
    });

    expect(callback.headers.location).toBe('/board');
    expect((await sessionOf(cookie)).user.id).toBe(adaId);
    expect((await accountsOf(cookie)).map((account) => account.providerId).sort()).toEqual([
      'acme',
      'credential',
    ]);
  });

  it('refuses to link when the provider does not report the e-mail verified (account not linked)', async () => {
    await signUp(fixture);

    const { callback } = await socialSignIn(
      { sub: 'acme-ada', email: ada.email, email_verified: false, name: ada.name },
      { errorCallbackURL: '/login' },
    );

    expect(callback.headers.location).toBe('/login?error=account_not_linked');
    expect(callback.cookies.filter((c) => c.value !== '')).toEqual([]);
  });

  it('links from a signed-in session through link-social', async () => {
    const { cookie } = await signUp(fixture);
    const { start, cookie: jar } = await startSocial(
      '/api/auth/link-social',
      { callbackURL: '/account' },
      cookie,
    );
    oidc.signInAs({ sub: 'acme-ada-2', email: ada.email, email_verified: true, name: ada.name });
    const back = await oidc.authorize(start.json().url);

    const callback = await getPath(fixture.app, `${back.pathname}${back.search}`, jar);

    expect(callback.headers.location).toBe('/account');
    expect((await accountsOf(cookie)).map((account) => account.providerId).sort()).toEqual([
      'acme',
      'credential',
    ]);
  });

  it("refuses link-social with a different e-mail (email_doesn't_match) and links nothing", async () => {
    const { cookie } = await signUp(fixture);
    const { start, cookie: jar } = await startSocial(
      '/api/auth/link-social',
      { callbackURL: '/account', errorCallbackURL: '/account' },
      cookie,
    );
    oidc.signInAs({
      sub: 'acme-other',
      email: 'someone.else@example.com',
      email_verified: true,
      name: 'Other',
    });
    const back = await oidc.authorize(start.json().url);

    const callback = await getPath(fixture.app, `${back.pathname}${back.search}`, jar);

    const location = new URL(String(callback.headers.location), baseURL);
    expect(location.pathname).toBe('/account');
    expect(location.searchParams.get('error')).toBe("email_doesn't_match");
    expect((await accountsOf(cookie)).map((account) => account.providerId)).toEqual(['credential']);
  });

  it('redirects to the error address with please_restart_the_process when the state has expired (10 minutes)', async () => {
    const { start, cookie } = await startSocial('/api/auth/sign-in/social', { callbackURL: '/board' });
    oidc.signInAs(nia);
    const back = await oidc.authorize(start.json().url);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1_000 });
    const callback = await getPath(fixture.app, `${back.pathname}${back.search}`, cookie);

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`${baseURL}/api/auth/error?error=please_restart_the_process`);
  });

  it('deletes the state once used: the same callback again must restart the process', async () => {
    const first = await socialSignIn(nia);
    expect(first.callback.headers.location).toBe('/board');

    const replay = await getPath(fixture.app, `${first.back.pathname}${first.back.search}`, first.cookie);

    expect(replay.headers.location).toBe(`${baseURL}/api/auth/error?error=please_restart_the_process`);
  });

  it('answers an unknown state with please_restart_the_process and a missing one with state_not_found', async () => {
    const unknown = await getPath(fixture.app, '/api/auth/callback/acme?code=abc&state=unknown-state');
    const missing = await getPath(fixture.app, '/api/auth/callback/acme?code=abc');

    expect(unknown.headers.location).toBe(`${baseURL}/api/auth/error?error=please_restart_the_process`);
    expect(missing.headers.location).toBe(`${baseURL}/api/auth/error?error=state_not_found`);
  });

  it("passes the provider's own error and description on to the error URL", async () => {
    const { start, cookie } = await startSocial('/api/auth/sign-in/social', {
      callbackURL: '/board',
      errorCallbackURL: '/login',
    });
    const state = new URL(start.json().url).searchParams.get('state');

    const callback = await getPath(
      fixture.app,
      `/api/auth/callback/acme?state=${state}&error=access_denied&error_description=User%20cancelled`,
      cookie,
    );

    expect(callback.headers.location).toBe('/login?error=access_denied&error_description=User+cancelled');
  });
});

describe('provider accounts and tokens', () => {
  it('lists accounts with id, providerId, accountId, createdAt, updatedAt and scopes', async () => {
    const { cookie } = await socialSignIn(nia);

    const [account] = await accountsOf(cookie);

    expect(account).toMatchObject({ providerId: 'acme', accountId: nia.sub });
    expect(account?.scopes).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(Object.keys(account ?? {})).toEqual(
      expect.arrayContaining(['id', 'providerId', 'accountId', 'createdAt', 'updatedAt', 'scopes']),
    );
  });

  it('get-access-token returns the stored token while it has more than 5 seconds left', async () => {
    const { cookie } = await socialSignIn(nia);

    const first = await postJson(fixture.app, '/api/auth/get-access-token', { providerId: 'acme' }, cookie);
    const second = await postJson(fixture.app, '/api/auth/get-access-token', { providerId: 'acme' }, cookie);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      accessToken: expect.any(String),
      scopes: expect.arrayContaining(['openid']),
    });
    expect(second.json().accessToken).toBe(first.json().accessToken);
  });

  it('get-access-token refreshes a token with fewer than 5 seconds left', async () => {
    oidc.setAccessTokenLifetime(3);
    const { cookie } = await socialSignIn(nia);

    const first = await postJson(fixture.app, '/api/auth/get-access-token', { providerId: 'acme' }, cookie);
    const second = await postJson(fixture.app, '/api/auth/get-access-token', { providerId: 'acme' }, cookie);

    expect(first.statusCode).toBe(200);
    expect(second.json().accessToken).not.toBe(first.json().accessToken);
  });

  it("refresh-token returns the provider's full token set", async () => {
    const { cookie } = await socialSignIn(nia);
    const [account] = await accountsOf(cookie);

    const response = await postJson(
      fixture.app,
      '/api/auth/refresh-token',
      { accountId: account?.id },
      cookie,
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      idToken: expect.any(String),
      providerId: 'acme',
    });
  });

  it('account-info returns the user and the provider data', async () => {
    const { cookie } = await socialSignIn(nia);
    const [account] = await accountsOf(cookie);

    const response = await postJson(
      fixture.app,
      '/api/auth/account-info',
      { accountId: account?.id },
      cookie,
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { email: nia.email, name: nia.name, emailVerified: true },
      data: { sub: nia.sub, email: nia.email },
    });
  });

  it('needs a session for get-access-token (401 without one)', async () => {
    const response = await postJson(fixture.app, '/api/auth/get-access-token', { accountId: 'anything' });

    expect(response.statusCode).toBe(401);
  });

  it("unlinks a provider account by providerId, but never the user's last account", async () => {
    const { cookie } = await signUp(fixture);
    const linked = await socialSignIn({
      sub: 'acme-ada',
      email: ada.email,
      email_verified: true,
      name: ada.name,
    });
    expect((await accountsOf(cookie)).length).toBe(2);

    const unlinked = await postJson(
      fixture.app,
      '/api/auth/unlink-account',
      { providerId: 'acme' },
      linked.cookie,
    );
    const last = await postJson(
      fixture.app,
      '/api/auth/unlink-account',
      { providerId: 'credential' },
      linked.cookie,
    );

    expect(unlinked.json()).toEqual({ status: true });
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe("You can't unlink your last account");
    expect((await accountsOf(cookie)).map((account) => account.providerId)).toEqual(['credential']);
  });
});

function storedTokens(userId: string) {
  const db = new DatabaseSync(fixture.databasePath, { readOnly: true });
  try {
    return db
      .prepare("SELECT accessToken, idToken FROM account WHERE userId = ? AND providerId = 'acme'")
      .get(userId);
  } finally {
    db.close();
  }
}
