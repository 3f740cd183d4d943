import { canUseSignPro, type MemberRole } from '@dispatch/domain';
import { HttpError, unauthorized } from '@dispatch/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, SessionContext } from './index.ts';

/** Who is asking, and for which organization: always from the session, never from the request. */
export interface ActorContext {
  session: SessionContext;
  userId: string;
  orgId: string;
  /** The caller's role in the organization, as the membership check found it. */
  role: MemberRole;
}

/** The role a user holds in an organization, or null when they are not (or no longer) a member. */
export type MembershipLookup = (orgId: string, userId: string) => Promise<{ role: MemberRole } | null>;

export const NOT_A_MEMBER_MESSAGE = 'You are not a member of this organization';

const lookups = new WeakMap<FastifyRequest, MembershipLookup>();

/**
 * Says how the routes of `app` (and its children) check membership. Each API chooses its source:
 * the command side folds the organization stream (authoritative, so a removal holds for the very
 * next command), the query side reads the members read model (it reads nothing else). The session
 * alone is not enough: it names the organization a user chose, and they may have been removed since.
 */
export function checkMembershipWith(app: FastifyInstance, lookup: MembershipLookup) {
  app.addHook('onRequest', async (request) => {
    lookups.set(request, lookup);
  });
}

type Guard<T> = (auth: AuthService, request: FastifyRequest) => Promise<T>;

const checked = new WeakMap<FastifyRequest, Map<Guard<unknown>, Promise<unknown>>>();

/**
 * Each check runs once per request: a route checks its caller before its input is parsed (see
 * `callerFirst`), and its handler asks again for the caller it found.
 */
function once<T>(check: Guard<T>): Guard<T> {
  return (auth, request) => {
    let checks = checked.get(request);
    if (!checks) {
      checks = new Map();
      checked.set(request, checks);
    }
    let result = checks.get(check) as Promise<T> | undefined;
    if (!result) {
      result = check(auth, request);
      checks.set(check, result);
    }
    return result;
  };
}

/**
 * A `preValidation` hook that checks the caller with `guard` before the route's input is parsed, so
 * a caller who may not use the route is refused (401, 403) whatever they send, and learns nothing of
 * what the route takes. For a context: `app.addHook('preValidation', callerFirst(auth, guard))`; for
 * one route: `{ preValidation: callerFirst(auth, guard) }`.
 */
export function callerFirst(auth: AuthService, guard: Guard<unknown>) {
  return async (request: FastifyRequest) => {
    await guard(auth, request);
  };
}

export const requireSession: Guard<SessionContext> = once(async (auth, request) => {
  const session = await auth.getSession(request.headers);
  if (!session) throw unauthorized();
  return session;
});

/** The platform admin area (docs/rules.md#roles-and-permissions): super_admin only. */
export const requireSuperAdmin: Guard<SessionContext> = once(async (auth, request) => {
  const session = await requireSession(auth, request);
  if (session.user.role !== 'super_admin') throw new HttpError(403, 'FORBIDDEN', 'Not authorized');
  return session;
});

export const requireOrganization: Guard<ActorContext> = once(async (auth, request) => {
  const session = await requireSession(auth, request);
  const orgId = session.session.activeOrganizationId;
  if (!orgId) throw new HttpError(403, 'NO_ACTIVE_ORGANIZATION', 'Select or create an organization first');
  const lookup = lookups.get(request);
  // Fail closed: a route whose API never said how to check membership serves no organization data.
  if (!lookup) throw new Error('No membership check is registered for this route (checkMembershipWith)');
  const membership = await lookup(orgId, session.user.id);
  if (!membership) throw new HttpError(403, 'NOT_A_MEMBER', NOT_A_MEMBER_MESSAGE);
  return { session, userId: session.user.id, orgId, role: membership.role };
});

export const SIGN_PRO_FORBIDDEN = 'Only owners, admins and Member+ may use sign-pro';

/** docs/rules.md#roles-and-permissions: sign-pro is for owners, admins and Member+, on both APIs as in the web app. */
export const requireSignPro: Guard<ActorContext> = once(async (auth, request) => {
  const actor = await requireOrganization(auth, request);
  if (!canUseSignPro(actor.role)) throw new HttpError(403, 'FORBIDDEN', SIGN_PRO_FORBIDDEN);
  return actor;
});

/**
 * Moves a session to another organization (or none) and has the answer carry the session-change mark,
 * so the query side in another process reads the session afresh on the browser's next request.
 */
export async function switchActiveOrganization(
  auth: AuthService,
  reply: FastifyReply,
  sessionId: string,
  organizationId: string | null,
): Promise<void> {
  await auth.setActiveOrganization(sessionId, organizationId);
  reply.header('set-cookie', auth.sessionChangeCookie());
}
