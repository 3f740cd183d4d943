import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createAuthService, SessionNotFoundError } from './auth-service.ts';
import { readOutbox } from './outbox.ts';
import { ada, authFixturePerTest, baseURL, cookiesFrom, postJson, signUp } from './test-fixture.ts';

const fixture = authFixturePerTest();

function storedPasswordOf(userId: string): string {
  const db = new DatabaseSync(fixture.databasePath, { readOnly: true });
  try {
    const row = db
      .prepare("SELECT password FROM account WHERE userId = ? AND providerId = 'credential'")
      .get(userId);
    return String(row?.password);
  } finally {
    db.close();
  }
}

describe('passwords', () => {
  it('stores an argon2id hash with the OWASP parameters', async () => {
    const { response } = await signUp(fixture);

    const hash = storedPasswordOf(response.json().user.id);

    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});

describe('getSession', () => {
  it('reads the session from Node-style request headers', async () => {
    const { cookie } = await signUp(fixture);

    const context = await fixture.service.getSession({ cookie, 'x-ignored': ['a', 'b'] });

    expect(context?.user).toMatchObject({
      email: ada.email,
      role: 'user',
      firstName: 'Ada',
      phoneNumber: null,
    });
    expect(context?.session).toMatchObject({ userId: context?.user.id, activeOrganizationId: null });
    expect(context?.session.expiresAt).toBeInstanceOf(Date);
  });

  it('answers null for a forged cookie', async () => {
    expect(
      await fixture.service.getSession({ cookie: 'better-auth.session_token=forged.signature' }),
    ).toBeNull();
  });
});

describe('setActiveOrganization', () => {
  it('switches and clears the active organization', async () => {
    const { cookie } = await signUp(fixture);
    const before = await fixture.service.getSession(new Headers({ cookie }));
    const sessionId = before?.session.id ?? '';

    await fixture.service.setActiveOrganization(sessionId, 'org-1');
    expect((await fixture.service.getSession({ cookie }))?.session.activeOrganizationId).toBe('org-1');

    await fixture.service.setActiveOrganization(sessionId, null);
    expect((await fixture.service.getSession({ cookie }))?.session.activeOrganizationId).toBeNull();
  });

  it('refuses an unknown session', async () => {
    await expect(fixture.service.setActiveOrganization('no-such-session', 'org-1')).rejects.toBeInstanceOf(
      SessionNotFoundError,
    );
  });

  it('clears a deleted organization from every session working in it, and only from those', async () => {
    const sessions = await Promise.all(
      ['org-gone', 'org-gone', 'org-kept'].map(async (organizationId, i) => {
        const { cookie } = await signUp(fixture, { ...ada, email: `member-${i}@example.com` });
        const id = (await fixture.service.getSession({ cookie }))?.session.id ?? '';
        await fixture.service.setActiveOrganization(id, organizationId);
        return cookie;
      }),
    );
    await fixture.service.clearActiveOrganization('org-gone');
    const active = await Promise.all(
      sessions.map(
        async (cookie) => (await fixture.service.getSession({ cookie }))?.session.activeOrganizationId,
      ),
    );
    expect(active).toEqual([null, null, 'org-kept']);
  });
});

describe('createUser', () => {
  it('creates a user who can sign in with the given password and role', async () => {
    const { id } = await fixture.service.createUser({
      email: 'Root@Example.com',
      password: 'demo password 1',
      name: 'Grace Brewster Hopper',
      role: 'super_admin',
    });

    const response = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: 'root@example.com',
      password: 'demo password 1',
    });

    expect(response.statusCode).toBe(200);
    const context = await fixture.service.getSession({ cookie: cookiesFrom(response) });
    expect(context?.user).toMatchObject({
      id,
      email: 'root@example.com',
      role: 'super_admin',
      emailVerified: true,
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
    });
    expect(storedPasswordOf(id)).toMatch(/^\$argon2id\$/);
  });

  it('keeps names from outside the forms as plain text: control characters taken out, on creation and update', async () => {
    const { id } = await fixture.service.createUser({
      email: 'ansi@example.com',
      password: 'demo password 3',
      name: '\u001b[31mAda\u0007 Lovelace\u0000',
    });
    const signedIn = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: 'ansi@example.com',
      password: 'demo password 3',
    });
    expect(signedIn.json().user).toMatchObject({
      id,
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    // As an identity provider's profile or the admin API would update it: through the database hooks.
    const context = await fixture.service.auth.$context;
    await context.internalAdapter.updateUser(id, { name: 'Ada\u001b[0m King', lastName: 'King\u0085' });
    const again = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: 'ansi@example.com',
      password: 'demo password 3',
    });
    expect(again.json().user).toMatchObject({ name: 'Ada King', firstName: 'Ada', lastName: 'King' });
  });

  it('gives plain users the user role by default', async () => {
    await fixture.service.createUser({ email: 'joe@example.com', password: 'demo password 2', name: 'Joe' });

    const response = await postJson(fixture.app, '/api/auth/sign-in/email', {
      email: 'joe@example.com',
      password: 'demo password 2',
    });

    expect(response.json().user).toMatchObject({ role: 'user', firstName: 'Joe', lastName: '' });
  });
});

describe('mail', () => {
  it('delivers the password reset link to the outbox', async () => {
    await signUp(fixture);
    const before = (await readOutbox(fixture.outboxDir)).length;

    const response = await postJson(fixture.app, '/api/auth/request-password-reset', {
      email: ada.email,
      redirectTo: '/reset-password',
    });

    expect(response.statusCode).toBe(200);
    const mail = (await readOutbox(fixture.outboxDir))[before];
    expect(mail).toMatchObject({ to: ada.email, subject: 'Reset your password' });
    expect(mail?.text).toContain(`${baseURL}/api/auth/reset-password/`);
  });

  it('delivers the verification link to the outbox on sign-up', async () => {
    const response = await postJson(fixture.app, '/api/auth/sign-up/email', ada);

    expect(response.statusCode).toBe(200);
    const [mail] = await readOutbox(fixture.outboxDir);
    expect(mail).toMatchObject({ to: ada.email, subject: 'Verify your email address' });
    expect(mail?.text).toContain(`${baseURL}/api/auth/verify-email?token=`);
  });
});

describe('restart', () => {
  it('reopens an existing database and keeps its sessions', async () => {
    const { cookie } = await signUp(fixture);
    const reopened = await createAuthService(fixture.config);
    try {
      expect((await reopened.getSession({ cookie }))?.user.email).toBe(ada.email);
    } finally {
      await reopened.close();
    }
  });
});
