import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, vi } from 'vitest';
import { readOutbox } from '../outbox.ts';
import {
  ada,
  authFixturePerTest,
  baseURL,
  getPath,
  lastMail,
  linkIn,
  postJson,
  signIn,
  signUp,
  signUpAndPost,
} from '../test-fixture.ts';

/** docs/rules.md#states-and-transitions "Password reset", the password calls of section 7, and the password rules of sections 5 and 8. */

const fixture = authFixturePerTest();

const resetMessage = 'If this email exists in our system, check your email for the reset link';
const newPassword = 'a brand new passphrase';

async function requestReset(path = '/api/auth/request-password-reset') {
  const response = await postJson(fixture.app, path, { email: ada.email, redirectTo: '/reset-password' });
  const mail = await lastMail(fixture.outboxDir, ada.email, 'Reset your password');
  return { response, link: linkIn(mail) };
}

function resetTokenOf(link: string) {
  return /\/reset-password\/([^?]+)/.exec(link)?.[1] ?? '';
}

describe('requesting a reset', () => {
  it('mails a reset link and answers status and the generic message', async () => {
    await signUp(fixture);

    const { response, link } = await requestReset();

    expect(response.json()).toEqual({ status: true, message: resetMessage });
    expect(link).toMatch(/^\/api\/auth\/reset-password\/[A-Za-z0-9]{24}\?callbackURL=%2Freset-password$/);
  });

  it('answers an unknown e-mail the same way and sends nothing (no user enumeration)', async () => {
    const response = await postJson(fixture.app, '/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: resetMessage });
    expect(await readOutbox(fixture.outboxDir)).toEqual([]);
  });

  it('accepts POST /forget-password as the same call', async () => {
    await signUp(fixture);

    const { response, link } = await requestReset('/api/auth/forget-password');

    expect(response.json()).toEqual({ status: true, message: resetMessage });
    expect(link).toContain('/api/auth/reset-password/');
  });

  it('refuses an untrusted redirectTo with 403 "Invalid redirectURL" and mails nothing', async () => {
    await signUp(fixture);
    const before = (await readOutbox(fixture.outboxDir)).length;

    const response = await postJson(fixture.app, '/api/auth/request-password-reset', {
      email: ada.email,
      redirectTo: 'https://evil.example/reset',
    });

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Invalid redirectURL');
    expect((await readOutbox(fixture.outboxDir)).length).toBe(before);
  });
});

describe('the reset link', () => {
  it('redirects to the callback URL with the token', async () => {
    await signUp(fixture);
    const { link } = await requestReset();

    const response = await getPath(fixture.app, link);

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${baseURL}/reset-password?token=${resetTokenOf(link)}`);
  });

  it('redirects with error=INVALID_TOKEN for an unknown token', async () => {
    const response = await getPath(
      fixture.app,
      '/api/auth/reset-password/unknown?callbackURL=%2Freset-password',
    );

    expect(response.headers.location).toBe(`${baseURL}/reset-password?error=INVALID_TOKEN`);
  });

  it('redirects with error=INVALID_TOKEN once the token is older than 1 hour', async () => {
    await signUp(fixture);
    const { link } = await requestReset();

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3600_000 + 1_000 });
    const response = await getPath(fixture.app, link);

    expect(response.headers.location).toBe(`${baseURL}/reset-password?error=INVALID_TOKEN`);
  });
});

describe('resetting the password', () => {
  it('sets the new password, consumes the token and ends every session', async () => {
    const { cookie } = await signUp(fixture);
    const { link } = await requestReset();
    const token = resetTokenOf(link);

    const response = await postJson(fixture.app, '/api/auth/reset-password', { newPassword, token });
    const again = await postJson(fixture.app, '/api/auth/reset-password', {
      newPassword: 'yet another one',
      token,
    });

    expect(response.json()).toEqual({ status: true });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid token');
    expect(await fixture.service.getSession({ cookie })).toBeNull();
    expect((await signIn(fixture, ada.email, ada.password, '10.0.1.1')).response.statusCode).toBe(401);
    expect((await signIn(fixture, ada.email, newPassword, '10.0.1.2')).response.statusCode).toBe(200);
  });

  it('takes the token from the query as well', async () => {
    await signUp(fixture);
    const { link } = await requestReset();

    const response = await postJson(fixture.app, `/api/auth/reset-password?token=${resetTokenOf(link)}`, {
      newPassword,
    });

    expect(response.json()).toEqual({ status: true });
  });

  it('refuses a new password shorter than 8 with "Password too short" and keeps the token', async () => {
    await signUp(fixture);
    const { link } = await requestReset();
    const token = resetTokenOf(link);

    const short = await postJson(fixture.app, '/api/auth/reset-password', { newPassword: 'short', token });
    const valid = await postJson(fixture.app, '/api/auth/reset-password', { newPassword, token });

    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password too short');
    expect(valid.json()).toEqual({ status: true });
  });
});

describe('change-password', () => {
  it('changes the password and returns token null and the user', async () => {
    const { response } = await signUpAndPost(fixture, '/api/auth/change-password', {
      currentPassword: ada.password,
      newPassword,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token: null, user: { email: ada.email } });
    expect((await signIn(fixture, ada.email, newPassword, '10.0.2.1')).response.statusCode).toBe(200);
  });

  it('with revokeOtherSessions ends the other sessions and returns the new session token', async () => {
    const { cookie } = await signUp(fixture);
    const { cookie: other } = await signIn(fixture, ada.email, ada.password, '10.0.2.2');

    const response = await postJson(
      fixture.app,
      '/api/auth/change-password',
      { currentPassword: ada.password, newPassword, revokeOtherSessions: true },
      cookie,
    );

    expect(response.json().token).toEqual(expect.any(String));
    expect(await fixture.service.getSession({ cookie: other })).toBeNull();
  });

  it('refuses a wrong current password with 400 "Invalid password" and keeps the old one', async () => {
    const { response } = await signUpAndPost(fixture, '/api/auth/change-password', {
      currentPassword: 'not my password',
      newPassword,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid password');
    expect((await signIn(fixture, ada.email, ada.password, '10.0.2.3')).response.statusCode).toBe(200);
  });

  it('refuses a new password shorter than 8 with "Password too short"', async () => {
    const { response } = await signUpAndPost(fixture, '/api/auth/change-password', {
      currentPassword: ada.password,
      newPassword: 'short',
    });

    expect(response.json().message).toBe('Password too short');
  });

  it('needs a session (401)', async () => {
    const response = await postJson(fixture.app, '/api/auth/change-password', {
      currentPassword: ada.password,
      newPassword,
    });

    expect(response.statusCode).toBe(401);
  });
});

describe('set-password (server side only)', () => {
  it('is not an HTTP call', async () => {
    const { cookie } = await signUp(fixture);

    const response = await postJson(fixture.app, '/api/auth/set-password', { newPassword }, cookie);

    expect(response.statusCode).toBe(404);
  });

  it('gives an account without a password one, and refuses with "user already has a password" afterwards', async () => {
    const { cookie } = await signUp(fixture);
    const db = new DatabaseSync(fixture.databasePath);
    db.prepare("UPDATE account SET password = NULL WHERE providerId = 'credential'").run();
    db.close();

    await fixture.service.setPassword({ cookie }, newPassword);
    const again = fixture.service.setPassword({ cookie }, 'another password 2');

    await expect(again).rejects.toMatchObject({ message: 'user already has a password' });
    expect((await signIn(fixture, ada.email, newPassword, '10.0.3.1')).response.statusCode).toBe(200);
  });
});
