import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { admin, genericOAuth, phoneNumber } from 'better-auth/plugins';
import type { AuthConfig } from './auth-config.ts';
import type { AuthDatabase } from './auth-database.ts';
import {
  changeEmailConfirmationMail,
  deleteAccountMail,
  existingAccountMail,
  phoneVerificationSms,
  resetPasswordMail,
  verificationMail,
} from './auth-mail.ts';
import { genericOAuthConfigs, noIdentityProviders, socialProvidersOption } from './identity-providers.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { adminRole, platformAccessControl, platformRoleGrants } from './platform-roles.ts';
import { completeProfileNames, plainProfileNames } from './profile-names.ts';
import { specShims } from './spec-shims/endpoint-shims.ts';

export const minPasswordLength = 8;

/** Lifetimes (seconds). Session values are not given by the spec; these are better-auth's defaults, stated. */
export const lifetimes = {
  session: 7 * 24 * 3600,
  /** A session read after this much of its life has passed is extended (and its cookie renewed). */
  sessionUpdateAge: 24 * 3600,
  /** Sensitive calls (unlink-account, list-sessions) need a session created within this age. */
  sessionFreshAge: 24 * 3600,
  resetToken: 3600,
  verificationToken: 3600,
  deleteToken: 24 * 3600,
  phoneCode: 300,
};

/** Browsers cap cookies at 400 days (docs/rules.md#constants-and-limits); a session cookie must not ask for longer. */
export const maxCookieAge = 34_560_000;

export function authOptions(config: AuthConfig, database: AuthDatabase['database']) {
  const { mailer } = config;
  const providers = config.identityProviders ?? noIdentityProviders;
  if (lifetimes.session > maxCookieAge)
    throw new Error('The session lifetime exceeds the 400-day cookie limit');
  const signInUrl = new URL('/login', config.baseURL).href;
  return {
    baseURL: config.baseURL,
    secret: config.secret,
    trustedOrigins: config.trustedOrigins,
    database,
    emailAndPassword: {
      enabled: true,
      // An unverified password account cannot sign in; its sign-in attempt re-sends the mail (below).
      requireEmailVerification: true,
      minPasswordLength,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: lifetimes.resetToken,
      // A reset is how someone locked out of a stolen account takes it back: every old session ends.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => mailer.send(resetPasswordMail(user.email, url)),
      onExistingUserSignUp: async ({ user }) => mailer.send(existingAccountMail(user.email, signInUrl)),
    },
    emailVerification: {
      // Left unset, `sendOnSignUp` follows requireEmailVerification.
      sendOnSignIn: true,
      // The link in the mail proves the address and signs its owner in.
      autoSignInAfterVerification: true,
      expiresIn: lifetimes.verificationToken,
      sendVerificationEmail: async ({ user, url }) => mailer.send(verificationMail(user.email, url)),
    },
    socialProviders: socialProvidersOption(providers),
    account: {
      accountLinking: {
        enabled: true,
        trustedProviders: providers.trusted,
        allowDifferentEmails: false,
        allowUnlinkingAll: false,
      },
    },
    user: {
      additionalFields: {
        // Optional on input so that social sign-ins, which only know a display name, are not refused;
        // the create hook below fills them from the name.
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
      },
      changeEmail: {
        enabled: true,
        // An address nobody has proven yet can be corrected at once; a verified one changes only
        // after its owner confirms from the current address.
        updateEmailWithoutVerification: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) =>
          mailer.send(changeEmailConfirmationMail(user.email, newEmail, url)),
      },
      deleteUser: {
        enabled: true,
        deleteTokenExpiresIn: lifetimes.deleteToken,
        sendDeleteAccountVerification: async ({ user, url }) =>
          mailer.send(deleteAccountMail(user.email, url)),
      },
    },
    session: {
      expiresIn: lifetimes.session,
      updateAge: lifetimes.sessionUpdateAge,
      freshAge: lifetimes.sessionFreshAge,
      additionalFields: {
        // Written by the organization set-active command after it has checked membership, never by a client.
        activeOrganizationId: { type: 'string', required: false, input: false },
      },
      // The cookie cache stays off: a session read must see a set-active or a revocation at once, and the
      // organization switcher's next read would otherwise show the old organization for the cache's lifetime.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: config.rateLimit ?? true,
      // Counted in the auth database, so a restart does not hand an attacker fresh attempts. better-auth's
      // rules apply: sign-in, sign-up, change-password and change-email 3 per 10 s; password reset and
      // verification mail 3 per minute; phone codes 10 per minute; anything else 100 per 10 s (per address).
      storage: 'database',
    },
    plugins: [
      specShims({ phoneCodeQuota: config.phoneCodeQuota }),
      admin({
        ac: platformAccessControl,
        roles: platformRoleGrants,
        adminRoles: [adminRole],
        defaultRole: 'user',
        adminUserIds: config.adminUserIds ?? [],
      }),
      phoneNumber({
        otpLength: 6,
        expiresIn: lifetimes.phoneCode,
        allowedAttempts: 3,
        sendOTP: async ({ phoneNumber: to, code }) => {
          if (!config.sms) throw new Error('No SMS sender is configured');
          await config.sms.send({ to, text: phoneVerificationSms(code, lifetimes.phoneCode / 60) });
        },
      }),
      genericOAuth({ config: genericOAuthConfigs(providers) }),
    ],
    // Phone numbers identify nobody here: they are a verified contact detail, not a way to sign in.
    disabledPaths: [
      '/sign-in/phone-number',
      '/phone-number/request-password-reset',
      '/phone-number/reset-password',
    ],
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const plain = plainProfileNames(user);
            return { data: { ...plain, ...completeProfileNames(plain) } };
          },
        },
        update: { before: async (user) => ({ data: plainProfileNames(user) }) },
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
      // Over https every cookie is `__Secure-` prefixed and Secure (docs/rules.md#constants-and-limits).
      useSecureCookies: new URL(config.baseURL).protocol === 'https:',
      // The sign-in state lives 10 minutes (docs/rules.md#constants-and-limits); its cookie must not vanish after better-auth's 5.
      cookies: { state: { attributes: { maxAge: 600 } } },
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
