import { DatabaseSync } from 'node:sqlite';
import { US_PHONE_MESSAGE } from '@dispatch/domain';
import { describe, expect, it, vi } from 'vitest';
import { readSmsOutbox } from '../outbox.ts';
import {
  ada,
  authFixturePerTest,
  baseURL,
  getPath,
  lastMail,
  linkIn,
  mailsTo,
  postJson,
  signIn,
  signUp,
  signUpAndPost,
} from '../test-fixture.ts';

/** The account calls of docs/rules.md#api-calls: profile, change e-mail (section 4), delete user (section 4), phone number. */

const fixture = authFixturePerTest();

async function userOf(cookie: string) {
  return (await getPath(fixture.app, '/api/auth/get-session', cookie)).json()?.user;
}

describe('update-user', () => {
  it('updates name, first and last name', async () => {
    const { cookie, response } = await signUpAndPost(fixture, '/api/auth/update-user', {
      name: 'Ada King',
      firstName: 'Augusta',
      lastName: 'King',
    });

    expect(response.json()).toEqual({ status: true });
    expect(await userOf(cookie)).toMatchObject({ name: 'Ada King', firstName: 'Augusta', lastName: 'King' });
  });

  it('refuses invalid profile fields with the field messages and changes nothing', async () => {
    const { cookie, response } = await signUpAndPost(fixture, '/api/auth/update-user', {
      name: 'Ada King',
      firstName: 'x'.repeat(51),
      lastName: 7,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
      errors: {
        firstName: ['First name cannot be more than 50 characters'],
        lastName: ['Last name must be text'],
      },
    });
    expect(await userOf(cookie)).toMatchObject({ name: ada.name, firstName: 'Ada' });
  });

  it('clears the phone number with null, and sets one only through a verification code', async () => {
    const { cookie } = await signUp(fixture);

    const set = await postJson(fixture.app, '/api/auth/update-user', { phoneNumber: '3125550100' }, cookie);
    const cleared = await postJson(fixture.app, '/api/auth/update-user', { phoneNumber: null }, cookie);

    expect(set.statusCode).toBe(400);
    expect(set.json().message).toBe('Phone number cannot be updated');
    expect(cleared.json()).toEqual({ status: true });
    expect((await userOf(cookie)).phoneNumber).toBeNull();
  });

  it('needs a session (401)', async () => {
    const response = await postJson(fixture.app, '/api/auth/update-user', { name: 'Nobody' });

    expect(response.statusCode).toBe(401);
  });
});

describe('phone number', () => {
  async function sendCode(cookie: string, phoneNumber = '+13125550100') {
    const response = await postJson(fixture.app, '/api/auth/phone-number/send-otp', { phoneNumber }, cookie);
    const sms = (await readSmsOutbox(fixture.outboxDir)).at(-1);
    return { response, sms, code: /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1] ?? '' };
  }

  it('sends a 6-digit code by text message and sets the verified number with it', async () => {
    const { cookie } = await signUp(fixture);

    const { response, sms, code } = await sendCode(cookie, '3125550100');
    const verified = await postJson(
      fixture.app,
      '/api/auth/phone-number/verify',
      { phoneNumber: '3125550100', code },
      cookie,
    );

    expect(response.json()).toEqual({ message: 'code sent' });
    expect(sms).toMatchObject({ to: '+13125550100' });
    expect(verified.statusCode).toBe(200);
    expect(await userOf(cookie)).toMatchObject({ phoneNumber: '+13125550100', phoneNumberVerified: true });
  });

  it('refuses a wrong code with "Invalid OTP" and sets nothing', async () => {
    const { cookie } = await signUp(fixture);
    const { code } = await sendCode(cookie);

    const response = await postJson(
      fixture.app,
      '/api/auth/phone-number/verify',
      { phoneNumber: '+13125550100', code: code === '000000' ? '111111' : '000000' },
      cookie,
    );

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid OTP');
    expect((await userOf(cookie)).phoneNumber).toBeNull();
  });

  it('refuses a number that is not 10 digits with an optional +1', async () => {
    const { response } = await signUpAndPost(fixture, '/api/auth/phone-number/send-otp', {
      phoneNumber: '12345',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ phoneNumber: [US_PHONE_MESSAGE] });
    expect(await readSmsOutbox(fixture.outboxDir)).toEqual([]);
  });

  it('sends no code to anyone who is not signed in', async () => {
    const response = await postJson(fixture.app, '/api/auth/phone-number/send-otp', {
      phoneNumber: '+13125550100',
    });

    expect(response.statusCode).toBe(401);
    expect(await readSmsOutbox(fixture.outboxDir)).toEqual([]);
  });

  it('does not sign anyone in by phone number', async () => {
    const response = await postJson(fixture.app, '/api/auth/sign-in/phone-number', {
      phoneNumber: '+13125550100',
      password: ada.password,
    });

    expect(response.statusCode).toBe(404);
  });
});

describe('change-email', () => {
  it('for a verified e-mail mails a confirmation to the current address, then a verification to the new one, then changes it', async () => {
    const { cookie, response } = await signUpAndPost(fixture, '/api/auth/change-email', {
      newEmail: 'Ada.New@Example.com',
      callbackURL: '/account',
    });
    expect(response.json()).toEqual({ status: true });
    expect((await userOf(cookie)).email).toBe(ada.email);

    const confirmation = await lastMail(fixture.outboxDir, ada.email, 'Confirm your new email address');
    const confirmed = await getPath(fixture.app, linkIn(confirmation), cookie);
    expect(confirmed.headers.location).toBe('/account');
    expect((await userOf(cookie)).email).toBe(ada.email);

    const verification = await lastMail(
      fixture.outboxDir,
      'ada.new@example.com',
      'Verify your email address',
    );
    const verified = await getPath(fixture.app, linkIn(verification), cookie);
    expect(verified.headers.location).toBe('/account');
    expect(await userOf(cookie)).toMatchObject({ email: 'ada.new@example.com', emailVerified: true });
  });

  it('changes an unverified e-mail at once (lowercased) and mails a verification link to the new address', async () => {
    const { cookie } = await signUp(fixture);
    const sqlite = new DatabaseSync(fixture.databasePath);
    sqlite.prepare('UPDATE user SET emailVerified = 0').run();
    sqlite.close();

    const response = await postJson(
      fixture.app,
      '/api/auth/change-email',
      { newEmail: 'Ada.Typo@Example.com' },
      cookie,
    );

    expect(response.json()).toEqual({ status: true });
    expect(await userOf(cookie)).toMatchObject({ email: 'ada.typo@example.com', emailVerified: false });
    await lastMail(fixture.outboxDir, 'ada.typo@example.com', 'Verify your email address');
  });

  it('refuses the current e-mail with "Email is the same"', async () => {
    const { response } = await signUpAndPost(fixture, '/api/auth/change-email', {
      newEmail: 'ADA@example.com',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Email is the same');
  });

  it('refuses an e-mail another account uses with "Couldn\'t update your email" and mails nobody', async () => {
    const { cookie } = await signUp(fixture);
    await fixture.service.createUser({
      email: 'grace@example.com',
      password: 'grace password 1',
      name: 'Grace',
    });
    const before = (await mailsTo(fixture.outboxDir, ada.email)).length;

    const response = await postJson(
      fixture.app,
      '/api/auth/change-email',
      { newEmail: 'grace@example.com' },
      cookie,
    );

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Couldn't update your email");
    expect((await mailsTo(fixture.outboxDir, ada.email)).length).toBe(before);
  });
});

describe('delete-user', () => {
  it('with the password mails a 32-character deletion link and answers "Verification email sent"', async () => {
    const { cookie, response } = await signUpAndPost(fixture, '/api/auth/delete-user', {
      password: ada.password,
      callbackURL: '/login',
    });

    expect(response.json()).toEqual({ success: true, message: 'Verification email sent' });
    const link = linkIn(await lastMail(fixture.outboxDir, ada.email, 'Confirm the deletion of your account'));
    expect(link).toMatch(/^\/api\/auth\/delete-user\/callback\?token=[0-9a-z]{32}&callbackURL=%2Flogin$/);
    expect(await userOf(cookie)).not.toBeNull();
  });

  it('the deletion link removes the user, sessions and accounts, clears the cookies and redirects', async () => {
    const { cookie } = await signUp(fixture);
    await postJson(
      fixture.app,
      '/api/auth/delete-user',
      { password: ada.password, callbackURL: '/login' },
      cookie,
    );
    const link = linkIn(await lastMail(fixture.outboxDir, ada.email, 'Confirm the deletion of your account'));

    const response = await getPath(fixture.app, link, cookie);

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
    expect(response.cookies.find((c) => c.name === 'better-auth.session_token')?.maxAge).toBe(0);
    expect(await fixture.service.getSession({ cookie })).toBeNull();
    expect((await signIn(fixture, ada.email, ada.password, '10.0.4.1')).response.statusCode).toBe(401);
  });

  it('with the token in the body deletes at once', async () => {
    const { cookie } = await signUp(fixture);
    await postJson(fixture.app, '/api/auth/delete-user', { password: ada.password }, cookie);
    const link = linkIn(await lastMail(fixture.outboxDir, ada.email, 'Confirm the deletion of your account'));
    const token = new URL(link, baseURL).searchParams.get('token');

    const response = await postJson(fixture.app, '/api/auth/delete-user', { token }, cookie);

    expect(response.json()).toEqual({ success: true, message: 'User deleted' });
    expect(await fixture.service.getSession({ cookie })).toBeNull();
  });

  it('refuses a wrong password with "Invalid password" and mails nothing', async () => {
    const { response } = await signUpAndPost(fixture, '/api/auth/delete-user', {
      password: 'wrong password',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid password');
    expect((await mailsTo(fixture.outboxDir, ada.email)).map((m) => m.subject)).not.toContain(
      'Confirm the deletion of your account',
    );
  });

  it('refuses a deletion link older than 24 hours and deletes nothing', async () => {
    const { cookie } = await signUp(fixture);
    await postJson(fixture.app, '/api/auth/delete-user', { password: ada.password }, cookie);
    const link = linkIn(await lastMail(fixture.outboxDir, ada.email, 'Confirm the deletion of your account'));
    const { cookie: fresh } = await signIn(fixture, ada.email, ada.password, '10.0.4.2');

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600_000 + 60_000 });
    const response = await getPath(fixture.app, link, fresh);

    expect(response.statusCode).toBe(404);
    vi.useRealTimers();
    expect(await userOf(fresh)).not.toBeNull();
  });

  it('needs a session (401)', async () => {
    const response = await postJson(fixture.app, '/api/auth/delete-user', { password: ada.password });

    expect(response.statusCode).toBe(401);
  });
});
