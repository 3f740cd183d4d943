import type { Mailer } from './mailer.ts';

export type AuthDatabaseConfig =
  | { kind: 'sqlite'; path: string }
  | { kind: 'mongodb'; url: string; dbName: string };

export interface AuthConfig {
  /** Public address of the application, e.g. http://localhost:3000. Links in mail and cookie security follow it. */
  baseURL: string;
  /** Signs cookies and tokens (BETTER_AUTH_SECRET). */
  secret: string;
  trustedOrigins: string[];
  database: AuthDatabaseConfig;
  mailer: Mailer;
  /**
   * The organization a new session starts in (the user's own choice is remembered per session by
   * set-active). Without it, every sign-in starts without an active organization.
   */
  defaultActiveOrganization?: (userId: string) => Promise<string | null>;
}
