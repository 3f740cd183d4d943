import type { QuotaRefusal } from '@dispatch/domain';
import type { BetterAuthPlugin } from 'better-auth';
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  isAPIError,
} from 'better-auth/api';
import { parseUserOutput } from 'better-auth/db';
import { decodeJwt } from 'jose';
import {
  parseBodyFields,
  phoneNumberInputSchema,
  profileUpdateInputSchema,
  signUpProfileSchema,
} from './input-validation.ts';

/**
 * Where better-auth 1.7.7 answers differently from the spec, and the difference needs the database or the
 * session, a hook closes it here. Differences in wording alone are closed at the HTTP edge (http-shims.ts).
 */

const unauthorized = () => APIError.from('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: 'Unauthorized' });

const onPath =
  (...paths: string[]) =>
  (ctx: { path?: string }) =>
    paths.includes(ctx.path ?? '');

export interface SpecShimOptions {
  /** Counts a phone code before it is sent; a refusal answers 429 and sends nothing. */
  phoneCodeQuota?: (request: {
    userId: string;
    phoneNumber: string;
    client: { ip?: string; userAgent?: string; correlationId?: string };
  }) => Promise<QuotaRefusal | null>;
}

export function specShims(options: SpecShimOptions = {}) {
  return {
    id: 'dispatch-spec-shims',
    endpoints: {
      /** The sign-in page shows a button per configured provider: their ids and display names. */
      listSocialProviders: createAuthEndpoint('/providers', { method: 'GET' }, async (ctx) =>
        ctx.json({
          providers: ctx.context.socialProviders.map((provider) => ({
            id: provider.id,
            name: provider.name,
          })),
        }),
      ),
    },
    hooks: {
      before: [
        {
          matcher: onPath('/sign-up/email'),
          handler: createAuthMiddleware(async (ctx) => {
            parseBodyFields(signUpProfileSchema, ctx.body);
          }),
        },
        {
          matcher: onPath('/update-user'),
          handler: createAuthMiddleware(async (ctx) => {
            const body = parseBodyFields(profileUpdateInputSchema, ctx.body);
            return body ? { context: { body } } : undefined;
          }),
        },
        {
          // docs/rules.md#validation: an address another account uses is refused, not silently accepted.
          matcher: onPath('/change-email'),
          handler: createAuthMiddleware(async (ctx) => {
            const newEmail = ctx.body?.newEmail;
            if (typeof newEmail !== 'string') return;
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            const owner = await ctx.context.internalAdapter.findUserByEmail(newEmail.toLowerCase());
            if (owner && owner.user.id !== session.user.id) {
              throw APIError.from('BAD_REQUEST', {
                code: 'EMAIL_IN_USE',
                message: "Couldn't update your email",
              });
            }
          }),
        },
        {
          // docs/rules.md#errors: revoking a session that is not one of the caller's is "Session not found".
          matcher: onPath('/revoke-session'),
          handler: createAuthMiddleware(async (ctx) => {
            const token = ctx.body?.token;
            if (typeof token !== 'string') return;
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            const target = await ctx.context.internalAdapter.findSession(token);
            if (!target || target.session.userId !== session.user.id) {
              throw APIError.from('BAD_REQUEST', { code: 'SESSION_NOT_FOUND', message: 'Session not found' });
            }
          }),
        },
        {
          // A phone number is only ever the signed-in user's own, verified by the code sent to it;
          // codes are not sent for anyone who is not signed in (no text messages to arbitrary numbers).
          matcher: onPath('/phone-number/send-otp', '/phone-number/verify'),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) throw unauthorized();
            const body = parseBodyFields(phoneNumberInputSchema, ctx.body);
            if (!body) return;
            if (ctx.path === '/phone-number/send-otp' && options.phoneCodeQuota) {
              // The auth route hands better-auth the real client as x-forwarded-for (web-request.ts).
              const header = (name: string) => ctx.headers?.get(name)?.slice(0, 300) || undefined;
              const refusal = await options.phoneCodeQuota({
                userId: session.user.id,
                phoneNumber: String(body.phoneNumber),
                client: {
                  ip: header('x-forwarded-for'),
                  userAgent: header('user-agent'),
                  correlationId: header('x-correlation-id')?.slice(0, 100),
                },
              });
              if (refusal)
                throw new APIError(
                  'TOO_MANY_REQUESTS',
                  { code: refusal.code, message: refusal.message },
                  { 'retry-after': String(refusal.retryAfterSeconds) },
                );
            }
            return {
              context: {
                body: ctx.path === '/phone-number/verify' ? { ...body, updatePhoneNumber: true } : body,
              },
            };
          }),
        },
      ],
      after: [
        {
          // docs/rules.md#api-calls: a verification without callbackURL answers the verified user, not null.
          matcher: onPath('/verify-email'),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { status?: unknown; user?: unknown } | undefined;
            if (!returned || returned instanceof Response || isAPIError(returned)) return;
            if (returned.status !== true || returned.user !== null || typeof ctx.query?.token !== 'string')
              return;
            // The endpoint has just verified this token's signature and expiry.
            const { email } = decodeJwt(ctx.query.token);
            if (typeof email !== 'string') return;
            const found = await ctx.context.internalAdapter.findUserByEmail(email);
            if (!found) return;
            return ctx.json({ status: true, user: parseUserOutput(ctx.context.options, found.user) });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
