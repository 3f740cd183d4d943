import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuthService, createAuthService } from './auth-service.ts';
import { SESSION_CHANGE_COOKIE } from './session-cache.ts';
import { type AuthFixture, postJson, signUp, startAuthFixture } from './test-fixture.ts';

/** The session cache of the auth service, through the real better-auth on a SQLite file. */
let fixture: AuthFixture;
/** A second process on the same auth database (the query side beside the command side). */
let other: AuthService;

beforeEach(async () => {
  fixture = await startAuthFixture({ config: { sessionCacheSeconds: 5 } });
  other = await createAuthService({ ...fixture.config, sessionCacheSeconds: 5 });
});

afterEach(async () => {
  vi.useRealTimers();
  await other.close();
  await fixture.close();
});

function countReads(service: AuthService) {
  return vi.spyOn(service.auth.api, 'getSession');
}

describe('the session cache', () => {
  it('reads a session from the database once for many requests', async () => {
    const { cookie } = await signUp(fixture);
    const reads = countReads(fixture.service);

    const sessions = await Promise.all(
      Array.from({ length: 20 }, () => fixture.service.getSession({ cookie })),
    );
    await fixture.service.getSession({ cookie });

    expect(reads).toHaveBeenCalledTimes(1);
    expect(new Set(sessions.map((session) => session?.session.id)).size).toBe(1);
  });

  it('does not keep a cookie that names no session', async () => {
    const reads = countReads(fixture.service);
    const forged = 'better-auth.session_token=forged.signature';

    expect(await fixture.service.getSession({ cookie: forged })).toBeNull();
    expect(await fixture.service.getSession({ cookie: forged })).toBeNull();
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('shows a set-active of this process at once', async () => {
    const { cookie } = await signUp(fixture);
    const session = await fixture.service.getSession({ cookie });

    await fixture.service.setActiveOrganization(session?.session.id ?? '', 'org-1');

    expect((await fixture.service.getSession({ cookie }))?.session.activeOrganizationId).toBe('org-1');
  });

  it('forgets a session signed out at once', async () => {
    const { cookie } = await signUp(fixture);
    expect(await fixture.service.getSession({ cookie })).not.toBeNull();

    const signedOut = await postJson(fixture.app, '/api/auth/sign-out', {}, cookie);
    expect(signedOut.statusCode).toBe(200);

    // The browser's old cookie, replayed: the session is gone.
    expect(await fixture.service.getSession({ cookie })).toBeNull();
  });

  it('shows another process’s set-active at once to a browser carrying the change mark', async () => {
    const { cookie } = await signUp(fixture);
    const session = await other.getSession({ cookie });
    expect(session?.session.activeOrganizationId).toBeNull();

    await fixture.service.setActiveOrganization(session?.session.id ?? '', 'org-2');
    const mark = fixture.service.sessionChangeCookie().split(';')[0] ?? '';
    expect(mark.startsWith(`${SESSION_CHANGE_COOKIE}=`)).toBe(true);

    // Without the mark the other process still serves what it read, within its window…
    expect((await other.getSession({ cookie }))?.session.activeOrganizationId).toBeNull();
    // …and with it, reads afresh.
    expect((await other.getSession({ cookie: `${cookie}; ${mark}` }))?.session.activeOrganizationId).toBe(
      'org-2',
    );
  });

  it('honours a revocation made in another process within its window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { cookie } = await signUp(fixture);
    expect(await other.getSession({ cookie })).not.toBeNull();

    const revoked = await postJson(fixture.app, '/api/auth/revoke-sessions', {}, cookie);
    expect(revoked.statusCode).toBe(200);
    expect(await fixture.service.getSession({ cookie })).toBeNull();

    vi.setSystemTime(Date.now() + 5_001);
    expect(await other.getSession({ cookie })).toBeNull();
  });

  it('is off with a window of 0', async () => {
    const uncached = await createAuthService({ ...fixture.config, sessionCacheSeconds: 0 });
    try {
      const { cookie } = await signUp(fixture);
      const reads = countReads(uncached);
      await uncached.getSession({ cookie });
      await uncached.getSession({ cookie });
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      await uncached.close();
    }
  });
});
