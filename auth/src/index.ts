export { API_KEY_RATE_LIMITED_MESSAGE, limitApiKeyRequests } from './api-keys/api-key-rate-limit.ts';
export type { ApiKeyCaller, ApiKeyResolver } from './api-keys/api-key-resolution.ts';
export {
  API_KEY_CACHE_MS,
  API_KEY_USE_EVERY_MS,
  apiKeyResolver,
  bearerKeyIdOf,
  bearerOf,
  forgetApiKey,
  resolveApiKeysWith,
} from './api-keys/api-key-resolution.ts';
export { hashApiKeySecret, newApiKeySecret } from './api-keys/api-key-secrets.ts';
export type { AuthConfig, AuthDatabaseConfig } from './auth-config.ts';
export type { BetterAuthInstance } from './auth-options.ts';
export { lifetimes, minPasswordLength } from './auth-options.ts';
export type { AuthService, NewUser } from './auth-service.ts';
export { createAuthService, SessionNotFoundError } from './auth-service.ts';
export { authRoutes } from './fastify-plugin.ts';
export type { IncomingHeaders } from './headers.ts';
export type { IdentityProviders, OidcProviderSettings } from './identity-providers.ts';
export type { Mailer, MailerConfig, OutgoingMail } from './mailer.ts';
export { createMailer } from './mailer.ts';
export type { OutboxMail, OutboxSms } from './outbox.ts';
export { readOutbox, readSmsOutbox } from './outbox.ts';
export { isPlatformAdmin } from './platform-admin.ts';
export * from './quotas/quota-ledger.ts';
export * from './quotas/quota-refusal.ts';
export * from './request-context.ts';
export type { SessionContext } from './session-context.ts';
export type { SmsConfig, SmsMessage, SmsSender } from './sms.ts';
export { createSmsSender } from './sms.ts';
