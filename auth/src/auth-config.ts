import type { QuotaRefusal } from '@dispatch/domain';
import type { IdentityProviders } from './identity-providers.ts';
import type { Mailer } from './mailer.ts';
import type { SmsSender } from './sms.ts';

export type AuthDatabaseConfig =
  | { kind: 'sqlite'; path: string }
  | { kind: 'mongodb'; url: string; dbName: string };

export interface AuthConfig {
  /** Public address of the application, e.g. http://localhost:3000. Links in mail and cookie security follow it. */
  baseURL: string;
  /** Signs cookies and tokens (BETTER_AUTH_SECRET). */
  secret: string;
  /** Origins allowed to call with cookies and to be redirected to; `*` wildcards allowed (`https://*.example.com`). */
  trustedOrigins: string[];
  database: AuthDatabaseConfig;
  mailer: Mailer;
  /** Where phone verification codes go; without it phone numbers cannot be verified. */
  sms?: SmsSender;
  /** Social sign-in providers (built-in and OpenID Connect by discovery); none by default. */
  identityProviders?: IdentityProviders;
  /** Users who pass every platform-admin check whatever their role (ADMIN_USER_IDS). */
  adminUserIds?: string[];
  /**
   * Rate limiting of the sign-in, sign-up, reset and verification calls, counted in the auth database so
   * a restart does not reset the counters. On unless turned off (AUTH_RATE_LIMIT=off).
   */
  rateLimit?: boolean;
  /** Seconds a session read is kept in this process (SESSION_CACHE_SECONDS; 0 = off, the default here). */
  sessionCacheSeconds?: number;
  /**
   * The organization a new session starts in (the user's own choice is remembered per session by
   * set-active). Without it, every sign-in starts without an active organization.
   */
  defaultActiveOrganization?: (userId: string) => Promise<string | null>;
  /**
   * Counts a phone verification code against the user's and the number's quotas before it is sent; a
   * refusal stops the sending with 429. Without it codes are limited by the rate limit alone.
   */
  phoneCodeQuota?: (request: {
    userId: string;
    phoneNumber: string;
    client: { ip?: string; userAgent?: string; correlationId?: string };
  }) => Promise<QuotaRefusal | null>;
}
