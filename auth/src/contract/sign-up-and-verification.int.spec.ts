import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { readOutbox } from '../outbox.ts';
import {
  ada,
  authFixturePerTest,
  cookiesFrom,
  getPath,
  lastMail,
  linkIn,
  mailsTo,
  postJson,
  signUp,
  signUpAndPost,
  testSecret,
} from '../test-fixture.ts';

/** docs/rules.md#states-and-transitions "E-mail verification", the sign-up and verification calls of section 7, and section 8's values. */

const fixture = authFixturePerTest();

const signUpBody = { ...ada, callbackURL: '/verify-email' };

async function sessionOf(cookie: string) {
  return (await getPath(fixture.app, '/api/auth/get-session', cookie)).json();
}

function verificationToken(payload: Record<string, unknown>, expiresIn = '1h') {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(testSecret));
}

describe('sign-up', () => {
  it('creates an unverified user, starts no session and mails a verification link', async () => {
    const response = await postJson(fixture.app, '/api/auth/sign-up/email', signUpBody);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token: null, user: { email: ada.email, emailVerified: false } });
    expect(response.cookies).toEqual([]);
    const mail = await lastMail(fixture.outboxDir, ada.email, 'Verify your email address');
    expect(linkIn(mail)).toMatch(/^\/api\/auth\/verify-email\?token=[^&]+&callbackURL=%2Fverify-email$/);
  });

  it('stores the e-mail lowercased', async () => {
    const response = await postJson(fixture.app, '/api/auth/sign-up/email', {
      ...ada,
      email: 'Ada@Example.COM',
    });

    expect(response.json().user.email).toBe('ada@example.com');
  });

  it('answers a taken address exactly like a new one and tells its owner instead (no user enumeration)', async () => {
    await signUp(fixture);

    const again = await postJson(fixture.app, '/api/auth/sign-up/email', {
      ...ada,
      password: 'another password 1',
    });

    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ token: null, user: { email: ada.email, emailVerified: false } });
    expect(again.cookies).toEqual([]);
    const subjects = (await mailsTo(fixture.outboxDir, ada.email)).map((mail) => mail.subject);
    expect(subjects.at(-1)).toBe('Someone tried to create an account with your email');
    // The first password still signs in: the second sign-up changed nothing.
    const signIn = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: ada.email,
      password: ada.password,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a password shorter than 8 characters with "Password too short"', async () => {
    const response = await postJson(fixture.app, '/api/auth/sign-up/email', { ...ada, password: 'short' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
    expect(await readOutbox(fixture.outboxDir)).toEqual([]);
  });

  it('refuses a password over the maximum with "Password too long"', async () => {
    const response = await postJson(fixture.app, '/api/auth/sign-up/email', {
      ...ada,
      password: 'x'.repeat(129),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password too long');
  });
});

describe('sign-in of an unverified user', () => {
  it('is refused with 403 "Email not verified" and the verification mail is sent again', async () => {
    await postJson(fixture.app, '/api/auth/sign-up/email', signUpBody);

    const response = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: ada.email,
      password: ada.password,
      callbackURL: '/verify-email',
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
    expect(cookiesFrom(response)).toBe('');
    const verificationMails = (await mailsTo(fixture.outboxDir, ada.email)).filter(
      (mail) => mail.subject === 'Verify your email address',
    );
    expect(verificationMails).toHaveLength(2);
  });
});

describe('verify-email', () => {
  it('sets emailVerified, signs the user in and redirects to the callback URL', async () => {
    await postJson(fixture.app, '/api/auth/sign-up/email', signUpBody);
    const mail = await lastMail(fixture.outboxDir, ada.email, 'Verify your email address');

    const response = await getPath(fixture.app, linkIn(mail));

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/verify-email');
    const { user } = await sessionOf(cookiesFrom(response));
    expect(user).toMatchObject({ email: ada.email, emailVerified: true });
  });

  it('lets the verified user sign in with the password', async () => {
    await signUp(fixture);

    const response = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: ada.email,
      password: ada.password,
    });

    expect(response.statusCode).toBe(200);
  });

  it('without a callback URL returns status and the user (id, email, name, image, emailVerified, createdAt, updatedAt)', async () => {
    await postJson(fixture.app, '/api/auth/sign-up/email', ada);
    const token = new URLSearchParams(
      linkIn(await lastMail(fixture.outboxDir, ada.email, 'Verify your email address')).split('?')[1],
    ).get('token');

    const response = await getPath(fixture.app, `/api/auth/verify-email?token=${token}`);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true, user: { email: ada.email, emailVerified: true } });
    expect(Object.keys(response.json().user)).toEqual(
      expect.arrayContaining(['id', 'email', 'name', 'image', 'emailVerified', 'createdAt', 'updatedAt']),
    );
  });

  it('redirects with error=token_expired, or answers 401 token_expired, for an expired token', async () => {
    await postJson(fixture.app, '/api/auth/sign-up/email', ada);
    const token = await verificationToken({ email: ada.email }, '1s');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60 * 60_000 });

    const redirected = await getPath(
      fixture.app,
      `/api/auth/verify-email?token=${token}&callbackURL=%2Fverify-email`,
    );
    const answered = await getPath(fixture.app, `/api/auth/verify-email?token=${token}`);

    expect(redirected.headers.location).toBe('/verify-email?error=token_expired');
    expect(answered.statusCode).toBe(401);
    expect(answered.json().message).toBe('token_expired');
  });

  it('redirects with error=invalid_token for a token not signed with our secret (HS256)', async () => {
    const forged = await new SignJWT({ email: ada.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another secret entirely, at least 32 chars'));

    const response = await getPath(
      fixture.app,
      `/api/auth/verify-email?token=${forged}&callbackURL=%2Fverify-email`,
    );

    expect(response.headers.location).toBe('/verify-email?error=invalid_token');
  });

  it('answers 401 user_not_found for a valid token of an address without an account', async () => {
    const token = await verificationToken({ email: 'nobody@example.com' });

    const response = await getPath(fixture.app, `/api/auth/verify-email?token=${token}`);

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('user_not_found');
  });

  it('answers unauthorized for an e-mail change token when the signed-in user has another e-mail', async () => {
    const { cookie } = await signUp(fixture);
    const token = await verificationToken({ email: 'grace@example.com', updateTo: 'grace.new@example.com' });
    await fixture.service.createUser({
      email: 'grace@example.com',
      password: 'grace password 1',
      name: 'Grace',
    });

    const response = await getPath(
      fixture.app,
      `/api/auth/verify-email?token=${token}&callbackURL=%2Faccount`,
      cookie,
    );

    expect(response.headers.location).toBe('/account?error=unauthorized');
  });

  it('refuses an untrusted callbackURL with 403 "Invalid callbackURL" and verifies nothing', async () => {
    await postJson(fixture.app, '/api/auth/sign-up/email', ada);
    const token = await verificationToken({ email: ada.email });

    const response = await getPath(
      fixture.app,
      `/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent('https://evil.example/phish')}`,
    );

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Invalid callbackURL');
    const signIn = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: ada.email,
      password: ada.password,
    });
    expect(signIn.statusCode).toBe(403);
  });

  it('requires the token (400 "Invalid query parameters")', async () => {
    const response = await getPath(fixture.app, '/api/auth/verify-email');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    expect(response.json().errors.token).toHaveLength(1);
  });
});

describe('send-verification-email', () => {
  it('re-sends the mail to an unverified user without sign-in and returns status true', async () => {
    await postJson(fixture.app, '/api/auth/sign-up/email', ada);

    const response = await postJson(fixture.app, '/api/auth/send-verification-email', {
      email: ada.email,
      callbackURL: '/verify-email',
    });

    expect(response.json()).toEqual({ status: true });
    expect((await mailsTo(fixture.outboxDir, ada.email)).length).toBe(2);
  });

  it('returns status true for an unknown e-mail and sends nothing', async () => {
    const response = await postJson(fixture.app, '/api/auth/send-verification-email', {
      email: 'nobody@example.com',
    });

    expect(response.json()).toEqual({ status: true });
    expect(await readOutbox(fixture.outboxDir)).toEqual([]);
  });

  it('refuses a signed-in user asking for another e-mail: 400 "You can only send a verification email to your own email"', async () => {
    const { response } = await signUpAndPost(fixture, '/api/auth/send-verification-email', {
      email: 'someone@example.com',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You can only send a verification email to your own email');
  });

  it('refuses a signed-in verified user: 400 "You can only send a verification email to an unverified email"', async () => {
    const { response } = await signUpAndPost(fixture, '/api/auth/send-verification-email', {
      email: ada.email,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You can only send a verification email to an unverified email');
  });

  it('requires a valid e-mail (400 "Invalid body parameters")', async () => {
    const response = await postJson(fixture.app, '/api/auth/send-verification-email', {
      email: 'not-an-email',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
    expect(Object.keys(response.json().errors)).toEqual(['email']);
  });
});
