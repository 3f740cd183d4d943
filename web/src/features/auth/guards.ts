/**
 * Route guards of docs/rules.md#screens-and-routes, as pure decisions. The routes load the viewer (session plus
 * the active organization's slug) and throw the redirect these functions name.
 */

export interface Viewer {
  role: string | null | undefined;
  /** The slug of the session's active organization, or null when it has none. */
  organizationSlug: string | null;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const allow: GuardDecision = { kind: 'allow' };
const redirectTo = (to: string): GuardDecision => ({ kind: 'redirect', to });

export const isSuperAdmin = (viewer: Viewer) => viewer.role === 'super_admin';

/** Where a signed-in user belongs: /admin, their organization, or onboarding. */
export function homePath(viewer: Viewer): string {
  if (isSuperAdmin(viewer)) return '/admin';
  if (viewer.organizationSlug) return `/${viewer.organizationSlug}`;
  return '/onboarding';
}

/** Auth pages (/login, /sign-up, …) are for visitors; a signed-in user is sent home. */
export function decidePublicRoute(viewer: Viewer | null): GuardDecision {
  return viewer ? redirectTo(homePath(viewer)) : allow;
}

function firstSegment(pathname: string): string {
  const segment = pathname.split('/').find((part) => part.length > 0) ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Screens of the person rather than of an organization: the account page (profile, password,
 * sessions, deletion) and an invitation's page open for every signed-in user, also before they
 * have an organization, so signing in from an invitation link comes back to the invitation.
 */
const ANYONE_SIGNED_IN = new Set(['account', 'accept-invitation']);

/**
 * The authenticated group. `location` is the path (and search) being opened: a visitor without
 * a session is sent to /login and comes back there after signing in.
 */
export function decideAuthenticatedRoute(viewer: Viewer | null, location: string): GuardDecision {
  if (!viewer) return redirectTo(`/login?redirect=${encodeURIComponent(location)}`);
  if (isSuperAdmin(viewer)) return allow;
  const segment = firstSegment(location.split(/[?#]/)[0] ?? '');
  if (ANYONE_SIGNED_IN.has(segment)) return allow;
  if (!viewer.organizationSlug) return segment === 'onboarding' ? allow : redirectTo('/onboarding');
  return segment === viewer.organizationSlug ? allow : redirectTo(`/${viewer.organizationSlug}`);
}

/**
 * The organization area /{orgSlug}: the slug must be the session's active organization. A
 * super_admin passes the group guard anywhere, so a foreign slug is caught here.
 */
export function decideOrganizationRoute(viewer: Viewer, orgSlug: string): GuardDecision {
  return viewer.organizationSlug === orgSlug ? allow : redirectTo(homePath(viewer));
}

/** A `redirect` search value is followed only when it is a path of this site. */
export function safeReturnPath(value: unknown): string | null {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return null;
  }
  return value;
}

/** After signing in: back to the page that asked for it if this user may see it, otherwise home. */
export function afterSignInPath(viewer: Viewer, requested: unknown): string {
  const path = safeReturnPath(requested);
  if (path && path !== '/' && decideAuthenticatedRoute(viewer, path).kind === 'allow') return path;
  return homePath(viewer);
}
