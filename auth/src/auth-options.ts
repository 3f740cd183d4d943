import { type BetterAuthOptions, betterAuth } from 'better-auth';
import type { AuthConfig } from './auth-config.ts';
import type { AuthDatabase } from './auth-database.ts';
import { resetPasswordMail, verificationMail } from './auth-mail.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { completeProfileNames } from './profile-names.ts';

export const minPasswordLength = 8;

export function authOptions(config: AuthConfig, database: AuthDatabase['database']) {
  const { mailer } = config;
  return {
    baseURL: config.baseURL,
    secret: config.secret,
    trustedOrigins: config.trustedOrigins,
    database,
    emailAndPassword: {
      enabled: true,
      // Verification becomes mandatory in a later step; the mail is already wired so that step is a switch.
      requireEmailVerification: false,
      minPasswordLength,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, url }) => mailer.send(resetPasswordMail(user.email, url)),
    },
    emailVerification: {
      // `sendOnSignUp` is left unset: it then follows requireEmailVerification, so one switch turns both on.
      sendVerificationEmail: async ({ user, url }) => mailer.send(verificationMail(user.email, url)),
    },
    user: {
      additionalFields: {
        // Optional on input so that social sign-ins, which only know a display name, are not refused;
        // the create hook below fills them from the name.
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        phoneNumber: { type: 'string', required: false },
        // The platform role is granted by the server only: `input: false` replaces any client value
        // on sign-up with the default and rejects it on update-user.
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
      },
    },
    session: {
      additionalFields: {
        // Written by the organization set-active command after it has checked membership, never by a client.
        activeOrganizationId: { type: 'string', required: false, input: false },
      },
      // The cookie cache stays off: a session read must see a set-active or a revocation at once.
      cookieCache: { enabled: false },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: completeProfileNames(user) }),
        },
      },
      session: {
        create: {
          // A returning dispatcher lands in their organization instead of onboarding.
          before: async (session) => ({
            data: {
              ...session,
              activeOrganizationId: (await config.defaultActiveOrganization?.(session.userId)) ?? null,
            },
          }),
        },
      },
    },
    advanced: {
      useSecureCookies: new URL(config.baseURL).protocol === 'https:',
      // better-auth skips its origin (CSRF) check when NODE_ENV is test; keep it on so tests see production behaviour.
      disableOriginCheck: false,
    },
  } satisfies BetterAuthOptions;
}

export type AuthOptions = ReturnType<typeof authOptions>;

export function createBetterAuth(options: AuthOptions) {
  return betterAuth(options);
}

export type BetterAuthInstance = ReturnType<typeof createBetterAuth>;
