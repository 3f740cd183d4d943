import { z } from 'zod';
import { instantAnswer } from '../shared/answers.ts';
import { platformRoles } from '../shared/enums.ts';

/**
 * The answers of the authentication service (better-auth 1.7.7 with its admin and phone-number
 * plugins, under /api/auth), as the web app parses them. The service is not ours to declare: these
 * schemas require only the fields the web app reads or its types promise, each as 1.7.7 writes it,
 * and ignore the rest (objects are not strict), so an upgrade that adds or drops an unread field
 * breaks nothing, and one that renames a field the app reads fails loudly.
 */

/** An answer whose body the web app does not read: any JSON object. */
const acknowledgement = () => z.object({});

/** `{ status: true }`: reset-password, send-verification-email, update-user, unlink-account, revoke-session… */
export const statusAnswerSchema = z.object({ status: z.boolean() });
export type StatusAnswer = z.output<typeof statusAnswerSchema>;

/** The signed-in user as get-session answers it (with this product's additional and plugin fields). */
export const sessionUserAnswerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** The admin plugin's role; absent on accounts made before platform roles existed (a plain `user`). */
  role: z.enum(platformRoles).nullish(),
  image: z.string().nullish(),
  emailVerified: z.boolean().optional(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  /** True once the number has been confirmed with the code texted to it. */
  phoneNumberVerified: z.boolean().nullish(),
});
export type SessionUserAnswer = z.output<typeof sessionUserAnswerSchema>;

/** GET /api/auth/get-session: the session and its user, or null for a visitor who is not signed in. */
export const sessionAnswerSchema = z
  .object({
    session: z.object({
      id: z.string(),
      userId: z.string(),
      expiresAt: instantAnswer(),
      createdAt: instantAnswer().optional(),
      /** Written by the organization set-active command. */
      activeOrganizationId: z.string().nullish(),
    }),
    user: sessionUserAnswerSchema,
  })
  .nullish();
export type SessionAnswer = NonNullable<z.output<typeof sessionAnswerSchema>>;

/** GET /api/auth/providers (this product's endpoint): the configured sign-in providers. */
export const socialProvidersAnswerSchema = z.object({
  providers: z.array(z.object({ id: z.string().min(1), name: z.string().min(1) })),
});
export type SocialProviderAnswer = z.output<typeof socialProvidersAnswerSchema>['providers'][number];

/** POST /api/auth/sign-in/email (1.7.7: `{ redirect, token, url, user }`); the app reads the session afterwards. */
export const signInAnswerSchema = acknowledgement();
/** POST /api/auth/sign-up/email (1.7.7: `{ token, user }`, token null until the address is verified). */
export const signUpAnswerSchema = acknowledgement();
/** POST /api/auth/sign-out (1.7.7: `{ success: true }`). */
export const signOutAnswerSchema = acknowledgement();
/** POST /api/auth/request-password-reset (1.7.7: `{ status: true, message }`, the same for any address). */
export const requestPasswordResetAnswerSchema = acknowledgement();

/** POST /api/auth/sign-in/social and /api/auth/link-social: where to send the browser next. */
export const redirectAnswerSchema = z.object({
  url: z.string().optional(),
  redirect: z.boolean().optional(),
});
export type RedirectAnswer = z.output<typeof redirectAnswerSchema>;

/** POST /api/auth/change-email. */
export const changeEmailAnswerSchema = statusAnswerSchema.extend({ message: z.string().nullish() });

/** POST /api/auth/change-password (1.7.7 adds the user): a new session token when the others were revoked. */
export const changePasswordAnswerSchema = z.object({ token: z.string().nullable() });

/** POST /api/auth/delete-user: "User deleted", or "Verification email sent" when a mailed link must confirm it. */
export const deleteUserAnswerSchema = z.object({ success: z.boolean(), message: z.string() });
export type DeleteUserAnswer = z.output<typeof deleteUserAnswerSchema>;

/** GET /api/auth/list-accounts: the ways of signing in to this user (`credential` is the password). */
export const linkedAccountsAnswerSchema = z.array(
  z.object({
    id: z.string(),
    providerId: z.string(),
    accountId: z.string(),
    createdAt: instantAnswer(),
    updatedAt: instantAnswer(),
    scopes: z.array(z.string()),
  }),
);
export type LinkedAccountAnswer = z.output<typeof linkedAccountsAnswerSchema>[number];

/** GET /api/auth/list-sessions: the user's signed-in browsers and devices. */
export const activeSessionsAnswerSchema = z.array(
  z.object({
    id: z.string(),
    token: z.string(),
    createdAt: instantAnswer(),
    updatedAt: instantAnswer(),
    expiresAt: instantAnswer(),
    ipAddress: z.string().nullish(),
    userAgent: z.string().nullish(),
  }),
);
export type ActiveSessionAnswer = z.output<typeof activeSessionsAnswerSchema>[number];

/** POST /api/auth/phone-number/send-otp (1.7.7: `{ message: "code sent" }`). */
export const phoneCodeSentAnswerSchema = acknowledgement();
/** POST /api/auth/phone-number/verify (1.7.7: `{ status, token, user }`); the app reads the session afterwards. */
export const phoneNumberVerifiedAnswerSchema = acknowledgement();

/** A user as the admin plugin lists it. */
export const adminUserAnswerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(platformRoles).nullish(),
  emailVerified: z.boolean(),
  banned: z.boolean().nullish(),
  banReason: z.string().nullish(),
  createdAt: instantAnswer(),
});
export type AdminUserAnswer = z.output<typeof adminUserAnswerSchema>;

/** GET /api/auth/admin/list-users: one page (by offset) and the number of users matching. */
export const adminUserListAnswerSchema = z.object({
  users: z.array(adminUserAnswerSchema),
  total: z.number().int(),
  limit: z.number().int().optional(),
  offset: z.number().int().optional(),
});
export type AdminUserListAnswer = z.output<typeof adminUserListAnswerSchema>;

/** POST /api/auth/admin/set-role, ban-user, unban-user (1.7.7: `{ user }`); the app refreshes the list. */
export const adminUserCommandAnswerSchema = acknowledgement();
