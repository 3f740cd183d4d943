import { afterEach, describe, expect, it } from 'vitest';
import { createAuthService } from '../auth-service.ts';
import { readOutbox } from '../outbox.ts';
import {
  type AuthFixture,
  ada,
  baseURL,
  getPath,
  postJson,
  signIn,
  signUp,
  startAuthFixture,
} from '../test-fixture.ts';

/**
 * docs/rules.md#validation "Authentication service rules" and section 9's cookie rules: bad inputs, origins and
 * redirect targets, rate limits, cookies, and the /error page.
 */

let fixture: AuthFixture;

afterEach(async () => {
  await fixture?.close();
});

async function userCount() {
  const ctx = await fixture.service.auth.$context;
  return ctx.adapter.count({ model: 'user' });
}

describe('bad inputs get the spec error and change nothing', () => {
  it('malformed JSON: 400 VALIDATION_ERROR "Invalid body parameters"', async () => {
    fixture = await startAuthFixture();

    const response = await fixture.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: '{"email": "ada@example.com", "password": ',
      headers: { 'content-type': 'application/json', origin: baseURL },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
    expect(await userCount()).toBe(0);
  });

  it('wrong types: 400 VALIDATION_ERROR with the fields named', async () => {
    fixture = await startAuthFixture();

    const response = await postJson(fixture.app, '/api/auth/sign-up/email', {
      name: 'Ada',
      email: ['ada@example.com'],
      password: 12345678,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(['email']));
    expect(await userCount()).toBe(0);
  });

  it('a wrong query type: 400 VALIDATION_ERROR "Invalid query parameters"', async () => {
    fixture = await startAuthFixture();

    const response = await getPath(fixture.app, '/api/auth/reset-password/some-token');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid query parameters',
      errors: { callbackURL: [expect.any(String)] },
    });
  });

  it('oversized fields: 400 VALIDATION_ERROR with the field message', async () => {
    fixture = await startAuthFixture();

    const response = await postJson(fixture.app, '/api/auth/sign-up/email', {
      ...ada,
      name: 'A'.repeat(5_000),
      firstName: 'B'.repeat(51),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
      errors: {
        name: ['Name cannot be more than 100 characters'],
        firstName: ['First name cannot be more than 50 characters'],
      },
    });
    expect(await userCount()).toBe(0);
    expect(await readOutbox(fixture.outboxDir)).toEqual([]);
  });

  it('a foreign Origin on a cookie-carrying POST: 403 "Invalid origin"', async () => {
    fixture = await startAuthFixture();
    const { cookie } = await signUp(fixture);

    const response = await postJson(fixture.app, '/api/auth/update-user', { name: 'Mallory' }, cookie, {
      headers: { origin: 'https://evil.example' },
    });

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Invalid origin');
    const session = await fixture.service.getSession({ cookie });
    expect(session?.user.name).toBe(ada.name);
  });

  it('a foreign Origin on sign-in from a browser: 403 "Invalid origin", no session', async () => {
    fixture = await startAuthFixture();
    await signUp(fixture);

    const response = await postJson(
      fixture.app,
      '/api/auth/sign-in/email',
      { email: ada.email, password: ada.password },
      undefined,
      { headers: { origin: 'https://evil.example' } },
    );

    expect(response.statusCode).toBe(403);
    expect(response.cookies).toEqual([]);
  });

  it('an untrusted callbackURL: 403 "Invalid callbackURL"; a protocol-relative one too; a relative path passes', async () => {
    fixture = await startAuthFixture();

    const untrusted = await postJson(fixture.app, '/api/auth/sign-up/email', {
      ...ada,
      callbackURL: 'https://evil.example/welcome',
    });
    const protocolRelative = await postJson(fixture.app, '/api/auth/sign-up/email', {
      ...ada,
      callbackURL: '//evil.example/welcome',
    });
    expect(await userCount()).toBe(0);
    const relative = await postJson(fixture.app, '/api/auth/sign-up/email', {
      ...ada,
      callbackURL: '/welcome',
    });

    for (const refused of [untrusted, protocolRelative]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Invalid callbackURL');
    }
    expect(relative.statusCode).toBe(200);
  });

  it('an untrusted errorCallbackURL or newUserCallbackURL on social sign-in: 403 with its name', async () => {
    fixture = await startAuthFixture();

    const errorUrl = await postJson(fixture.app, '/api/auth/sign-in/social', {
      provider: 'github',
      errorCallbackURL: 'https://evil.example',
    });
    const newUserUrl = await postJson(fixture.app, '/api/auth/sign-in/social', {
      provider: 'github',
      newUserCallbackURL: 'https://evil.example',
    });

    expect(errorUrl.statusCode).toBe(403);
    expect(errorUrl.json().message).toBe('Invalid errorCallbackURL');
    expect(newUserUrl.statusCode).toBe(403);
    expect(newUserUrl.json().message).toBe('Invalid newUserCallbackURL');
  });
});

describe('trusted origins', () => {
  it('accepts origins and redirect targets matching a wildcard entry', async () => {
    fixture = await startAuthFixture({ config: { trustedOrigins: [baseURL, 'https://*.dispatch.example'] } });
    const { cookie } = await signUp(fixture);

    const fromSubdomain = await postJson(fixture.app, '/api/auth/update-user', { name: 'Ada K' }, cookie, {
      headers: { origin: 'https://ops.dispatch.example' },
    });
    const redirect = await postJson(fixture.app, '/api/auth/request-password-reset', {
      email: ada.email,
      redirectTo: 'https://ops.dispatch.example/reset-password',
    });
    const lookalike = await postJson(fixture.app, '/api/auth/request-password-reset', {
      email: ada.email,
      redirectTo: 'https://ops.dispatch.example.evil.example/reset-password',
    });

    expect(fromSubdomain.statusCode).toBe(200);
    expect(redirect.statusCode).toBe(200);
    expect(lookalike.statusCode).toBe(403);
  });
});

describe('rate limiting', () => {
  it('refuses the fourth sign-in within 10 seconds from one address with 429, and still after a restart', async () => {
    fixture = await startAuthFixture();
    await fixture.service.createUser({ email: ada.email, password: ada.password, name: ada.name });

    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await signIn(fixture, ada.email, 'wrong password', '10.2.0.1'));
    const otherAddress = await signIn(fixture, ada.email, ada.password, '10.2.0.2');

    expect(attempts.map(({ response }) => response.statusCode)).toEqual([401, 401, 401, 429]);
    expect(attempts[3]?.response.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    expect(Number(attempts[3]?.response.headers['x-retry-after'])).toBeGreaterThan(0);
    expect(otherAddress.response.statusCode).toBe(200);

    // A restart opens the same database: the counter is still there.
    const restarted = await createAuthService(fixture.config);
    try {
      const afterRestart = await restarted.handler(
        new Request(`${baseURL}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.2.0.1' },
          body: JSON.stringify({ email: ada.email, password: ada.password }),
        }),
      );
      expect(afterRestart.status).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it('limits password reset requests to 3 a minute per address', async () => {
    fixture = await startAuthFixture();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await postJson(
        fixture.app,
        '/api/auth/request-password-reset',
        { email: ada.email },
        undefined,
        {
          remoteAddress: '10.2.1.1',
        },
      );
      statuses.push(response.statusCode);
    }

    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits sign-up and verification mail requests too', async () => {
    fixture = await startAuthFixture();
    const signUps = [];
    const mails = [];
    for (let i = 0; i < 4; i++) {
      signUps.push(
        (
          await postJson(
            fixture.app,
            '/api/auth/sign-up/email',
            { ...ada, email: `u${i}@example.com` },
            undefined,
            {
              remoteAddress: '10.2.2.1',
            },
          )
        ).statusCode,
      );
      mails.push(
        (
          await postJson(
            fixture.app,
            '/api/auth/send-verification-email',
            { email: 'u0@example.com' },
            undefined,
            {
              remoteAddress: '10.2.2.2',
            },
          )
        ).statusCode,
      );
    }

    expect(signUps).toEqual([200, 200, 200, 429]);
    expect(mails).toEqual([200, 200, 200, 429]);
  });
});

describe('cookies', () => {
  it('over https every cookie is __Secure- prefixed, Secure, HttpOnly, SameSite=Lax, with a Max-Age within 400 days', async () => {
    fixture = await startAuthFixture({
      config: { baseURL: 'https://dispatch.example', trustedOrigins: ['https://dispatch.example'] },
    });
    await fixture.service.createUser({ email: ada.email, password: ada.password, name: ada.name });

    const response = await fixture.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: ada.email, password: ada.password, rememberMe: false },
      headers: { origin: 'https://dispatch.example' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.cookies.map((c) => c.name).sort()).toEqual([
      '__Secure-better-auth.dont_remember',
      '__Secure-better-auth.session_token',
    ]);
    for (const cookie of response.cookies) {
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.maxAge ?? 0).toBeLessThanOrEqual(34_560_000);
    }
  });

  it('keeps the session cookie well within 4093 characters (the session data cache is off)', async () => {
    fixture = await startAuthFixture();
    const { verified } = await signUp(fixture, { ...ada, name: 'N'.repeat(100) });

    const header = ([] as string[]).concat(verified.headers['set-cookie'] ?? []);
    expect(header.every((cookie) => cookie.length <= 4093)).toBe(true);
    expect(verified.cookies.map((c) => c.name)).toEqual(['better-auth.session_token']);
  });
});

describe('the /error page', () => {
  it('shows "Authentication Error", a generic retry message, the escaped code and a link back to /', async () => {
    fixture = await startAuthFixture();

    const response = await getPath(fixture.app, '/api/auth/error?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Authentication Error</h1>');
    expect(response.body).toContain('Please try again.');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('<a href="/">Return to Application</a>');
  });

  it('shows Unknown without an error code', async () => {
    fixture = await startAuthFixture();

    const response = await getPath(fixture.app, '/api/auth/error');

    expect(response.body).toContain('<code>Unknown</code>');
  });
});

describe('ok', () => {
  it('GET /ok returns ok true', async () => {
    fixture = await startAuthFixture();

    expect((await getPath(fixture.app, '/api/auth/ok')).json()).toEqual({ ok: true });
  });
});
