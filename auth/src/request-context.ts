import { type ApiKeyScope, apiKeyActorId, canUseSignPro, type MemberRole } from '@dispatch/domain';
import { HttpError, unauthorized } from '@dispatch/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ApiKeyCaller,
  apiKeyResolverOf,
  bearerOf,
  hasSessionCookie,
} from './api-keys/api-key-resolution.ts';
import type { AuthService, SessionContext } from './index.ts';

/** Who is asking, and for which organization: always from the session, never from the request. */
export interface SessionActor {
  via: 'session';
  session: SessionContext;
  userId: string;
  orgId: string;
  /** The caller's role in the organization, as the membership check found it. */
  role: MemberRole;
  apiKey: null;
}

/**
 * An organization's API key (docs/security.md, "API keys"): its organization is the key's, and the
 * events it appends carry the actor id `apikey:<keyId>`. It holds no role: its scopes say what it may do.
 */
export interface ApiKeyActor {
  via: 'apiKey';
  session: null;
  userId: string;
  orgId: string;
  role: null;
  apiKey: Omit<ApiKeyCaller, 'orgId'>;
}

export type ActorContext = SessionActor | ApiKeyActor;

export const KEY_NOT_ALLOWED_MESSAGE = 'API keys cannot use this route';
export const INVALID_API_KEY_MESSAGE = 'Invalid API key';
export const missingScopeMessage = (scope: ApiKeyScope) => `This API key lacks the ${scope} scope`;

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

export type Guard<T> = (auth: AuthService, request: FastifyRequest) => Promise<T>;

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

/** A request that brings both a key and a session is refused: it must be one caller or the other. */
function refuseKeyWithCookie(request: FastifyRequest) {
  if (hasSessionCookie(request)) {
    throw new HttpError(400, 'KEY_WITH_COOKIE', 'Send either an API key or a session cookie, not both');
  }
}

export const requireSession: Guard<SessionContext> = once(async (auth, request) => {
  if (bearerOf(request) !== null) {
    refuseKeyWithCookie(request);
    throw new HttpError(403, 'KEY_NOT_ALLOWED', KEY_NOT_ALLOWED_MESSAGE);
  }
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

/** A member of the session's organization; an API key is refused (403 KEY_NOT_ALLOWED). */
export const requireOrganization: Guard<SessionActor> = once(async (auth, request) => {
  const session = await requireSession(auth, request);
  const orgId = session.session.activeOrganizationId;
  if (!orgId) throw new HttpError(403, 'NO_ACTIVE_ORGANIZATION', 'Select or create an organization first');
  const lookup = lookups.get(request);
  // Fail closed: a route whose API never said how to check membership serves no organization data.
  if (!lookup) throw new Error('No membership check is registered for this route (checkMembershipWith)');
  const membership = await lookup(orgId, session.user.id);
  if (!membership) throw new HttpError(403, 'NOT_A_MEMBER', NOT_A_MEMBER_MESSAGE);
  return { via: 'session', session, userId: session.user.id, orgId, role: membership.role, apiKey: null };
});

/**
 * The API key of a bearer request: 400 KEY_WITH_COOKIE when a session cookie comes with it, 401
 * INVALID_API_KEY when it is not a usable key's secret (unknown, garbled, expired or revoked).
 */
export const requireApiKey: Guard<ApiKeyActor> = once(async (_auth, request) => {
  refuseKeyWithCookie(request);
  const resolve = apiKeyResolverOf(request);
  // Fail closed: a route whose API never said how to resolve keys serves no organization data.
  if (!resolve) throw new Error('No API key resolution is registered for this route (resolveApiKeysWith)');
  const key = await resolve(bearerOf(request) ?? '');
  if (!key) throw new HttpError(401, 'INVALID_API_KEY', INVALID_API_KEY_MESSAGE);
  const { orgId, ...apiKey } = key;
  return { via: 'apiKey', session: null, userId: apiKeyActorId(key.id), orgId, role: null, apiKey };
});

const scopeGuards = new Map<ApiKeyScope, Guard<ActorContext>>();

/**
 * Opens a route to API keys holding `scope`: a session is checked as requireOrganization checks it; a
 * bearer request must bring a usable key (see requireApiKey) that holds the scope (403 MISSING_SCOPE).
 */
export function requireScope(scope: ApiKeyScope): Guard<ActorContext> {
  let guard = scopeGuards.get(scope);
  if (!guard) {
    guard = once(async (auth, request) => {
      if (bearerOf(request) === null) return requireOrganization(auth, request);
      const actor = await requireApiKey(auth, request);
      if (!actor.apiKey.scopes.includes(scope)) {
        throw new HttpError(403, 'MISSING_SCOPE', missingScopeMessage(scope));
      }
      return actor;
    });
    scopeGuards.set(scope, guard);
  }
  return guard;
}

export const SIGN_PRO_FORBIDDEN = 'Only owners, admins and Member+ may use sign-pro';

/** docs/rules.md#roles-and-permissions: sign-pro is for owners, admins and Member+, on both APIs as in the web app. */
export const requireSignPro: Guard<SessionActor> = once(async (auth, request) => {
  const actor = await requireOrganization(auth, request);
  if (!canUseSignPro(actor.role)) throw new HttpError(403, 'FORBIDDEN', SIGN_PRO_FORBIDDEN);
  return actor;
});

/** The envelope routes: a session that may use sign-pro, or an API key with the `envelopes` scope. */
export const requireEnvelopes: Guard<ActorContext> = once(async (auth, request) => {
  const actor = await requireScope('envelopes')(auth, request);
  if (actor.via === 'session' && !canUseSignPro(actor.role)) {
    throw new HttpError(403, 'FORBIDDEN', SIGN_PRO_FORBIDDEN);
  }
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
