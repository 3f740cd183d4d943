import { runWithTransaction } from '@better-auth/core/context';
import type { PlatformRole } from '@dispatch/domain';
import { APIError, isAPIError } from 'better-auth/api';
import type { AuthConfig } from './auth-config.ts';
import { openAuthDatabase } from './auth-database.ts';
import { authOptions, type BetterAuthInstance, createBetterAuth } from './auth-options.ts';
import { type IncomingHeaders, toHeaders } from './headers.ts';
import { completeProfileNames } from './profile-names.ts';
import { createSessionCache } from './session-cache.ts';
import { type SessionContext, toSessionContext } from './session-context.ts';
import { type AuthHandler, withSpecShims } from './spec-shims/http-shims.ts';

export interface NewUser {
  email: string;
  password: string;
  name: string;
  role?: PlatformRole;
  firstName?: string;
  lastName?: string;
  /** Defaults to true: the server itself vouches for the addresses it seeds. */
  emailVerified?: boolean;
}

export interface AuthService {
  auth: BetterAuthInstance;
  /** Answers an HTTP request under /api/auth: better-auth with the spec's paths and wording (spec-shims/). */
  handler: AuthHandler;
  /** Reads the session from request headers (cookie); null when absent or expired. Used by both APIs and the Socket.IO handshake. */
  getSession(headers: IncomingHeaders): Promise<SessionContext | null>;
  /**
   * Writes activeOrganizationId on a session; the caller has already checked membership. Visible to the
   * next getSession of this process at once, and of the others once the browser sends the cookie
   * `sessionChangeCookie` gives (the caller's answer must set it).
   */
  setActiveOrganization(sessionId: string, organizationId: string | null): Promise<void>;
  /**
   * Every session working in this organization has none any more (it was deleted): each of its former
   * members' apps goes to the no-organization state. Visible as setActiveOrganization's change is.
   */
  clearActiveOrganization(organizationId: string): Promise<void>;
  /** A `Set-Cookie` value that makes every process read the session afresh (see session-cache.ts). */
  sessionChangeCookie(): string;
  /**
   * Gives the signed-in user of these headers a password (server side only, docs/rules.md#roles-and-permissions): for accounts
   * that signed up through a provider. Refused with "user already has a password" when one exists.
   */
  setPassword(headers: IncomingHeaders, newPassword: string): Promise<void>;
  /** Creates a user with e-mail and password server side (demo data); returns the user id. */
  createUser(input: NewUser): Promise<{ id: string }>;
  close(): Promise<void>;
}

export class SessionNotFoundError extends Error {
  constructor(sessionId: string) {
    super(`Session ${sessionId} not found`);
    this.name = 'SessionNotFoundError';
  }
}

export async function createAuthService(config: AuthConfig): Promise<AuthService> {
  const store = await openAuthDatabase(config.database);
  try {
    const options = authOptions(config, store.database);
    // Migrate before better-auth starts: it checks the schema as it initialises.
    await store.migrate(options);
    const auth = createBetterAuth(options);
    const sessions = createSessionCache({
      ttlMs: (config.sessionCacheSeconds ?? 0) * 1000,
      secureCookies: new URL(config.baseURL).protocol === 'https:',
    });
    const shimmed = withSpecShims(auth);
    return {
      auth,
      async handler(request) {
        // Any state-changing call may end or change a session or a user (sign-out, revoke, ban, role,
        // profile, password): the sessions kept are forgotten before and after it.
        if (request.method === 'GET' || request.method === 'HEAD') return shimmed(request);
        sessions.clear();
        try {
          return await shimmed(request);
        } finally {
          sessions.clear();
        }
      },
      getSession(headers) {
        return sessions.get(headers, async () => {
          // Only better-auth's own get-session endpoint extends a session, because only it can also
          // renew the cookie; a refresh here would move the stored expiry away from the browser's cookie.
          const found = await auth.api.getSession({
            headers: toHeaders(headers),
            query: { disableRefresh: true },
          });
          return found ? toSessionContext(found) : null;
        });
      },
      sessionChangeCookie: () => sessions.changeMarkCookie(),
      async setActiveOrganization(sessionId, organizationId) {
        sessions.clear();
        const ctx = await auth.$context;
        const session = await ctx.adapter.findOne<{ token: string }>({
          model: 'session',
          where: [{ field: 'id', value: sessionId }],
        });
        if (!session) throw new SessionNotFoundError(sessionId);
        await ctx.internalAdapter.updateSession(session.token, { activeOrganizationId: organizationId });
        sessions.clear();
      },
      async clearActiveOrganization(organizationId) {
        sessions.clear();
        const ctx = await auth.$context;
        await ctx.adapter.updateMany({
          model: 'session',
          where: [{ field: 'activeOrganizationId', value: organizationId }],
          update: { activeOrganizationId: null },
        });
        sessions.clear();
      },
      async setPassword(headers, newPassword) {
        sessions.clear();
        try {
          await auth.api.setPassword({ headers: toHeaders(headers), body: { newPassword } });
        } catch (error) {
          if (isAPIError(error) && error.body?.code === 'PASSWORD_ALREADY_SET') {
            throw new APIError('BAD_REQUEST', {
              code: 'PASSWORD_ALREADY_SET',
              message: 'user already has a password',
            });
          }
          throw error;
        }
      },
      async createUser(input) {
        const ctx = await auth.$context;
        // Hash before the transaction so the slow part holds no lock.
        const password = await ctx.password.hash(input.password);
        return runWithTransaction(ctx.adapter, async () => {
          const user = await ctx.internalAdapter.createUser(
            {
              email: input.email,
              name: input.name,
              emailVerified: input.emailVerified ?? true,
              role: input.role ?? 'user',
              ...completeProfileNames(input),
            },
            { method: 'admin' },
          );
          await ctx.internalAdapter.linkAccount({
            providerId: 'credential',
            accountId: user.id,
            userId: user.id,
            password,
          });
          return { id: user.id };
        });
      },
      close: () => store.close(),
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
