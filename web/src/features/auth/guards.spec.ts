import { describe, expect, it } from 'vitest';
import {
  afterSignInPath,
  decideAuthenticatedRoute,
  decideOrganizationRoute,
  decidePublicRoute,
  homePath,
  type Viewer,
} from './guards';

const admin: Viewer = { role: 'super_admin', organizationSlug: null };
const adminInAcme: Viewer = { role: 'super_admin', organizationSlug: 'acme' };
const newcomer: Viewer = { role: 'user', organizationSlug: null };
const acmeDispatcher: Viewer = { role: 'user', organizationSlug: 'acme' };
const platformOwner: Viewer = { role: 'owner', organizationSlug: 'acme' };
const legacyUser: Viewer = { role: undefined, organizationSlug: null };

describe('home of a signed-in user', () => {
  it('is /admin for a super_admin, the organization for a member, onboarding otherwise', () => {
    expect(homePath(admin)).toBe('/admin');
    expect(homePath(adminInAcme)).toBe('/admin');
    expect(homePath(acmeDispatcher)).toBe('/acme');
    expect(homePath(platformOwner)).toBe('/acme');
    expect(homePath(newcomer)).toBe('/onboarding');
    expect(homePath(legacyUser)).toBe('/onboarding');
  });
});

describe('auth pages', () => {
  it('let a visitor in', () => {
    expect(decidePublicRoute(null)).toEqual({ kind: 'allow' });
  });

  it('send a signed-in user home', () => {
    expect(decidePublicRoute(admin)).toEqual({ kind: 'redirect', to: '/admin' });
    expect(decidePublicRoute(acmeDispatcher)).toEqual({ kind: 'redirect', to: '/acme' });
    expect(decidePublicRoute(newcomer)).toEqual({ kind: 'redirect', to: '/onboarding' });
  });
});

describe('authenticated group', () => {
  it('sends a visitor to /login, remembering where they were going', () => {
    expect(decideAuthenticatedRoute(null, '/acme/trucks?page=2')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Facme%2Ftrucks%3Fpage%3D2',
    });
  });

  it('lets a super_admin in anywhere', () => {
    for (const path of ['/admin', '/onboarding', '/acme/trucks', '/other/overview']) {
      expect(decideAuthenticatedRoute(admin, path)).toEqual({ kind: 'allow' });
    }
  });

  it('sends a user without an active organization to onboarding', () => {
    expect(decideAuthenticatedRoute(newcomer, '/onboarding')).toEqual({ kind: 'allow' });
    expect(decideAuthenticatedRoute(newcomer, '/acme/trucks')).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
    expect(decideAuthenticatedRoute(newcomer, '/admin')).toEqual({ kind: 'redirect', to: '/onboarding' });
  });

  it('keeps a user with an active organization inside it', () => {
    expect(decideAuthenticatedRoute(acmeDispatcher, '/acme')).toEqual({ kind: 'allow' });
    expect(decideAuthenticatedRoute(acmeDispatcher, '/acme/trucks/edit/7')).toEqual({ kind: 'allow' });
    expect(decideAuthenticatedRoute(acmeDispatcher, '/acme/trucks?sort=asc')).toEqual({ kind: 'allow' });
  });

  it('redirects a user on a wrong first path segment to their organization', () => {
    expect(decideAuthenticatedRoute(acmeDispatcher, '/globex/trucks')).toEqual({
      kind: 'redirect',
      to: '/acme',
    });
    expect(decideAuthenticatedRoute(acmeDispatcher, '/onboarding')).toEqual({
      kind: 'redirect',
      to: '/acme',
    });
    expect(decideAuthenticatedRoute(acmeDispatcher, '/admin')).toEqual({ kind: 'redirect', to: '/acme' });
    expect(decideAuthenticatedRoute(acmeDispatcher, '/acme-west/trucks')).toEqual({
      kind: 'redirect',
      to: '/acme',
    });
  });

  it('opens the account page to every signed-in user', () => {
    for (const viewer of [admin, newcomer, acmeDispatcher, platformOwner]) {
      expect(decideAuthenticatedRoute(viewer, '/account')).toEqual({ kind: 'allow' });
      expect(decideAuthenticatedRoute(viewer, '/account?error=access_denied')).toEqual({ kind: 'allow' });
    }
    expect(decideAuthenticatedRoute(null, '/account')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Faccount',
    });
    expect(decideAuthenticatedRoute(newcomer, '/accounts')).toEqual({ kind: 'redirect', to: '/onboarding' });
  });

  it('treats the platform owner role like any user', () => {
    expect(decideAuthenticatedRoute(platformOwner, '/admin')).toEqual({ kind: 'redirect', to: '/acme' });
  });
});

describe('organization area', () => {
  it('opens only the active organization', () => {
    expect(decideOrganizationRoute(acmeDispatcher, 'acme')).toEqual({ kind: 'allow' });
    expect(decideOrganizationRoute(adminInAcme, 'acme')).toEqual({ kind: 'allow' });
    expect(decideOrganizationRoute(admin, 'acme')).toEqual({ kind: 'redirect', to: '/admin' });
    expect(decideOrganizationRoute(adminInAcme, 'globex')).toEqual({ kind: 'redirect', to: '/admin' });
  });
});

describe('after signing in', () => {
  it('returns to the requested page when the user may see it', () => {
    expect(afterSignInPath(acmeDispatcher, '/acme/trucks?page=1')).toBe('/acme/trucks?page=1');
    expect(afterSignInPath(admin, '/admin')).toBe('/admin');
  });

  it('returns to the account page that asked for a sign-in', () => {
    expect(afterSignInPath(acmeDispatcher, '/account')).toBe('/account');
    expect(afterSignInPath(newcomer, '/account')).toBe('/account');
    expect(afterSignInPath(acmeDispatcher, '/accept-invitation/inv-1')).toBe('/accept-invitation/inv-1');
    expect(afterSignInPath(newcomer, '/accept-invitation/inv-1')).toBe('/accept-invitation/inv-1');
  });

  it('goes home when the request is missing, foreign or not for this user', () => {
    expect(afterSignInPath(acmeDispatcher, undefined)).toBe('/acme');
    expect(afterSignInPath(acmeDispatcher, '/globex/trucks')).toBe('/acme');
    expect(afterSignInPath(acmeDispatcher, 'https://evil.example/acme')).toBe('/acme');
    expect(afterSignInPath(acmeDispatcher, '//evil.example/acme')).toBe('/acme');
    expect(afterSignInPath(newcomer, '/acme')).toBe('/onboarding');
    expect(afterSignInPath(admin, '/')).toBe('/admin');
  });
});
