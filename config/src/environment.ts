import { isIP } from 'node:net';
import {
  type ChannelLimits,
  DEFAULT_QUOTAS,
  type QuotaChannel,
  type QuotaSettings,
  type WindowLimits,
} from '@dispatch/domain';
import { z } from 'zod';

/** A quota setting: `<per hour>/<per day>`, e.g. `100/500`. */
const quotaPair = (name: string) =>
  z
    .string()
    .regex(/^\s*\d{1,7}\s*\/\s*\d{1,7}\s*$/, `${name} must be <per hour>/<per day>, e.g. 100/500`)
    .transform((value): WindowLimits => {
      const [hour = 0, day = 0] = value.split('/').map((part) => Number(part.trim()));
      return { hour, day };
    })
    .refine((limits) => limits.day >= limits.hour, `${name}: the day's limit cannot be below the hour's`)
    .optional();

/** The quota variables: scope × channel, each `<per hour>/<per day>` (see docs/operations.md, Settings). */
const quotaVariables = {
  QUOTA_ORGANIZATION_EMAIL: quotaPair('QUOTA_ORGANIZATION_EMAIL'),
  QUOTA_ORGANIZATION_SMS: quotaPair('QUOTA_ORGANIZATION_SMS'),
  QUOTA_ORGANIZATION_LINK: quotaPair('QUOTA_ORGANIZATION_LINK'),
  QUOTA_USER_EMAIL: quotaPair('QUOTA_USER_EMAIL'),
  QUOTA_USER_SMS: quotaPair('QUOTA_USER_SMS'),
  QUOTA_USER_LINK: quotaPair('QUOTA_USER_LINK'),
  QUOTA_RECEIVER_EMAIL: quotaPair('QUOTA_RECEIVER_EMAIL'),
  QUOTA_RECEIVER_SMS: quotaPair('QUOTA_RECEIVER_SMS'),
  QUOTA_RECEIVER_LINK: quotaPair('QUOTA_RECEIVER_LINK'),
  QUOTA_YOUNG_ORGANIZATION_EMAIL: quotaPair('QUOTA_YOUNG_ORGANIZATION_EMAIL'),
  QUOTA_YOUNG_ORGANIZATION_SMS: quotaPair('QUOTA_YOUNG_ORGANIZATION_SMS'),
  QUOTA_YOUNG_ORGANIZATION_LINK: quotaPair('QUOTA_YOUNG_ORGANIZATION_LINK'),
  QUOTA_YOUNG_ORGANIZATION_DAYS: z.coerce
    .number({ error: 'QUOTA_YOUNG_ORGANIZATION_DAYS must be a whole number of days' })
    .int('QUOTA_YOUNG_ORGANIZATION_DAYS must be a whole number of days')
    .min(0, 'QUOTA_YOUNG_ORGANIZATION_DAYS cannot be negative')
    .max(365, 'QUOTA_YOUNG_ORGANIZATION_DAYS cannot be more than 365')
    .optional(),
  QUOTA_PHONE_CODE_USER: quotaPair('QUOTA_PHONE_CODE_USER'),
  QUOTA_PHONE_CODE_NUMBER: quotaPair('QUOTA_PHONE_CODE_NUMBER'),
};

type QuotaVariables = { [K in keyof typeof quotaVariables]?: z.output<(typeof quotaVariables)[K]> };

/** The quota settings: each variable given replaces its default. */
export function quotaSettingsFrom(variables: QuotaVariables): QuotaSettings {
  const channels = (scope: string, defaults: ChannelLimits): ChannelLimits => {
    const of = (channel: QuotaChannel) =>
      (variables as Record<string, WindowLimits | undefined>)[`QUOTA_${scope}_${channel.toUpperCase()}`] ??
      defaults[channel];
    return { email: of('email'), sms: of('sms'), link: of('link') };
  };
  return {
    organization: channels('ORGANIZATION', DEFAULT_QUOTAS.organization),
    user: channels('USER', DEFAULT_QUOTAS.user),
    receiver: channels('RECEIVER', DEFAULT_QUOTAS.receiver),
    youngOrganization: channels('YOUNG_ORGANIZATION', DEFAULT_QUOTAS.youngOrganization),
    youngOrganizationDays: variables.QUOTA_YOUNG_ORGANIZATION_DAYS ?? DEFAULT_QUOTAS.youngOrganizationDays,
    phoneCodeUser: variables.QUOTA_PHONE_CODE_USER ?? DEFAULT_QUOTAS.phoneCodeUser,
    phoneCodeNumber: variables.QUOTA_PHONE_CODE_NUMBER ?? DEFAULT_QUOTAS.phoneCodeNumber,
  };
}

/**
 * Process configuration, validated once at start. Nothing is required: without any variable the
 * product runs embedded (SQLite under ./data, mail to a local outbox, port 3000).
 */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a valid URL' }).optional(),
  EVENTSTORE_URL: z
    .string()
    .startsWith('esdb', 'EVENTSTORE_URL must be an esdb:// connection string')
    .optional(),
  MONGO_URL: z.string().startsWith('mongodb', 'MONGO_URL must be a mongodb:// connection string').optional(),
  MONGO_DB: z.string().min(1).default('dispatch'),
  SMTP_URL: z.string().startsWith('smtp', 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'BETTER_AUTH_SECRET must be at least 32 characters').optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  TRUSTED_PROXIES: z
    .string()
    .refine(
      (value) => trustedProxiesFrom(value) !== null,
      'TRUSTED_PROXIES must be a hop count (1) or a comma-separated list of addresses and CIDR ranges',
    )
    .optional(),
  // Identity (auth/): see docs/operations.md, Settings.
  MAIL_FROM: z.string().min(3).optional(),
  SMS_WEBHOOK_URL: z.url({ error: 'SMS_WEBHOOK_URL must be a valid URL' }).optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  ADMIN_USER_IDS: z.string().optional(),
  TRUSTED_PROVIDERS: z.string().optional(),
  /** Days an unsigned envelope stays open after it is sent or resent; then the product cancels it. */
  ENVELOPE_EXPIRY_DAYS: z.coerce
    .number({ error: 'ENVELOPE_EXPIRY_DAYS must be a whole number of days' })
    .int('ENVELOPE_EXPIRY_DAYS must be a whole number of days')
    .min(1, 'ENVELOPE_EXPIRY_DAYS must be at least 1')
    .max(365, 'ENVELOPE_EXPIRY_DAYS cannot be more than 365')
    .default(30),
  AUTH_RATE_LIMIT: z.enum(['on', 'off'], { error: 'AUTH_RATE_LIMIT must be on or off' }).default('on'),
  /** Requests per minute one API key may make, on each API (429 with `retry-after` past it). */
  API_KEY_RATE_LIMIT: z.coerce
    .number({ error: 'API_KEY_RATE_LIMIT must be a whole number of requests per minute' })
    .int('API_KEY_RATE_LIMIT must be a whole number of requests per minute')
    .min(1, 'API_KEY_RATE_LIMIT must be at least 1')
    .max(100_000, 'API_KEY_RATE_LIMIT cannot be more than 100000')
    .default(600),
  /**
   * Seconds a process keeps a session it has read (0 turns the cache off). A revocation made in another
   * process is seen within this window; see auth/src/session-cache.ts.
   */
  SESSION_CACHE_SECONDS: z.coerce
    .number({ error: 'SESSION_CACHE_SECONDS must be a whole number of seconds' })
    .int('SESSION_CACHE_SECONDS must be a whole number of seconds')
    .min(0, 'SESSION_CACHE_SECONDS cannot be negative')
    .max(60, 'SESSION_CACHE_SECONDS cannot be more than 60')
    .default(5),
  /**
   * Seconds between the server's pings on a live connection (Socket.IO's `pingInterval`). A browser
   * that hears no ping for this plus LIVE_PING_TIMEOUT_SECONDS counts its connection as lost and
   * connects again; the server drops a connection whose answer to a ping is that late.
   */
  LIVE_PING_INTERVAL_SECONDS: z.coerce
    .number({ error: 'LIVE_PING_INTERVAL_SECONDS must be a whole number of seconds' })
    .int('LIVE_PING_INTERVAL_SECONDS must be a whole number of seconds')
    .min(1, 'LIVE_PING_INTERVAL_SECONDS must be at least 1')
    .max(300, 'LIVE_PING_INTERVAL_SECONDS cannot be more than 300')
    .default(25),
  /** Seconds the server waits for the answer to a ping before it drops the live connection (`pingTimeout`). */
  LIVE_PING_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'LIVE_PING_TIMEOUT_SECONDS must be a whole number of seconds' })
    .int('LIVE_PING_TIMEOUT_SECONDS must be a whole number of seconds')
    .min(1, 'LIVE_PING_TIMEOUT_SECONDS must be at least 1')
    .max(300, 'LIVE_PING_TIMEOUT_SECONDS cannot be more than 300')
    .default(20),
  /** Webhook URLs may use plain http:// (development, tests); https:// only otherwise. */
  WEBHOOK_ALLOW_HTTP: z
    .enum(['true', 'false'], { error: 'WEBHOOK_ALLOW_HTTP must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Webhooks may deliver to loopback, private, link-local, unique-local, multicast and unspecified
   * addresses (development, tests); refused otherwise, at registration and at each connection.
   */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'], { error: 'WEBHOOK_ALLOW_PRIVATE_ADDRESSES must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** Days without one successful delivery after which a webhook endpoint is disabled. */
  WEBHOOK_DISABLE_AFTER_DAYS: z.coerce
    .number({ error: 'WEBHOOK_DISABLE_AFTER_DAYS must be a whole number of days' })
    .int('WEBHOOK_DISABLE_AFTER_DAYS must be a whole number of days')
    .min(1, 'WEBHOOK_DISABLE_AFTER_DAYS must be at least 1')
    .max(30, 'WEBHOOK_DISABLE_AFTER_DAYS cannot be more than 30')
    .default(3),
  /**
   * Webhook deliveries a second at most, over every endpoint: a fan-out leaves the board its share of
   * the CPU. Well above what the product promises (2,000 a second to 20 endpoints).
   */
  WEBHOOK_DELIVERIES_PER_SECOND: z.coerce
    .number({ error: 'WEBHOOK_DELIVERIES_PER_SECOND must be a whole number' })
    .int('WEBHOOK_DELIVERIES_PER_SECOND must be a whole number')
    .min(100, 'WEBHOOK_DELIVERIES_PER_SECOND must be at least 100')
    .max(100_000, 'WEBHOOK_DELIVERIES_PER_SECOND cannot be more than 100000')
    .default(3000),
  /** Turns on GET /metrics (Prometheus) for scrapers sending it as a bearer token; unset, /metrics is 404. */
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ...quotaVariables,
});

/**
 * Social sign-in credentials are named after providers (`GITHUB_CLIENT_ID`, `OIDC_ACME_DISCOVERY_URL`, …),
 * so they are collected by shape here and checked against the providers by the auth service at start.
 */
const identityProviderVariable =
  /^(OIDC_[A-Z0-9_]+|[A-Z0-9]+_(CLIENT_ID|CLIENT_SECRET|CLIENT_KEY|TENANT_ID|ISSUER|ENVIRONMENT|DOMAIN|REGION|USER_POOL_ID))$/;

/**
 * Which proxies may say who the client is (`X-Forwarded-For`), in Fastify's `trustProxy` terms: none
 * by default, so a client cannot pick its own address (and with it a fresh rate limit). A number trusts
 * that many hops in front of the server; a list trusts those addresses and ranges (and the names
 * `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustedProxies = false | number | string[];

const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** Parses TRUSTED_PROXIES; null when it is not valid. */
export function trustedProxiesFrom(value: string | undefined): TrustedProxies | null {
  if (value === undefined || value.trim() === '') return false;
  const trimmed = value.trim();
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length > 0 && entries.every(isProxyEntry) ? entries : null;
}

export type Environment = z.output<typeof environmentSchema> & {
  PUBLIC_URL: string;
  trustProxy: TrustedProxies;
  trustedOrigins: string[];
  /** The variables that name social sign-in providers, as given. */
  identityProviderVariables: Record<string, string>;
  adminUserIds: string[];
  /** What users and organizations may send out: the QUOTA_* variables over the defaults. */
  quotas: QuotaSettings;
  /** Where webhooks may deliver and when a failing one is disabled: the WEBHOOK_* variables. */
  webhooks: {
    allowHttp: boolean;
    allowPrivateAddresses: boolean;
    disableAfterDays: number;
    deliveriesPerSecond: number;
  };
  /** The pace of the live connections' pings, in ms: the LIVE_PING_* variables. */
  livePing: { intervalMs: number; timeoutMs: number };
};

export function loadEnvironment(source: Record<string, string | undefined> = process.env): Environment {
  const entries = Object.entries(source).filter(([, value]) => value !== undefined && value !== '');
  const result = environmentSchema.safeParse(Object.fromEntries(entries));
  if (!result.success) {
    for (const issue of result.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    throw new Error('Environment validation failed');
  }
  const env = result.data;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const trustedOrigins = [
    new URL(publicUrl).origin,
    ...(env.TRUSTED_ORIGINS?.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean) ?? []),
  ];
  const identityProviderVariables = Object.fromEntries(
    entries.filter(([name]) => identityProviderVariable.test(name)),
  ) as Record<string, string>;
  const adminUserIds =
    env.ADMIN_USER_IDS?.split(',')
      .map((id) => id.trim())
      .filter(Boolean) ?? [];
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    trustedOrigins,
    trustProxy: trustedProxiesFrom(env.TRUSTED_PROXIES) ?? false,
    identityProviderVariables,
    adminUserIds,
    quotas: quotaSettingsFrom(env),
    webhooks: {
      allowHttp: env.WEBHOOK_ALLOW_HTTP,
      allowPrivateAddresses: env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      disableAfterDays: env.WEBHOOK_DISABLE_AFTER_DAYS,
      deliveriesPerSecond: env.WEBHOOK_DELIVERIES_PER_SECOND,
    },
    livePing: {
      intervalMs: env.LIVE_PING_INTERVAL_SECONDS * 1000,
      timeoutMs: env.LIVE_PING_TIMEOUT_SECONDS * 1000,
    },
  };
}
