import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Environment } from '@dispatch/config';
import { openDocumentStoreFor, openEventStoreFor } from '@dispatch/config';
import { eventUpcasting } from '@dispatch/domain';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import {
  type AuthService,
  createAuthService,
  createMailer,
  createSmsSender,
  type Mailer,
  type SmsSender,
} from '../index.ts';
import { QuotaLedger } from '../quotas/quota-ledger.ts';
import { identityProvidersFromEnv } from './identity-providers-from-env.ts';

/** The stores and services an API process works with, chosen by configuration. */
export interface Infrastructure {
  eventStore: EventStore;
  documents: DocumentStore;
  auth: AuthService;
  /** The mail the product sends besides authentication's own (invitations). */
  mailer: Mailer;
  /** Text messages the product sends (signing links). */
  sms: SmsSender;
  /** The quota ledgers every send out of the building is counted on (event streams, see quota-ledger.ts). */
  quotas: QuotaLedger;
  close(): Promise<void>;
}

/** In the embedded setup a secret is generated once and kept beside the data, so sessions survive restarts. */
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** SMTP when configured, otherwise the local outbox folder. */
export function mailerFor(env: Environment): Mailer {
  return createMailer({
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : { outboxDir: join(env.DATA_DIR, 'outbox') }),
    ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}),
  });
}

/** Text messages go to an SMS gateway when configured, otherwise beside the mail in the local outbox. */
export function smsSenderFor(env: Environment): SmsSender {
  return createSmsSender(
    env.SMS_WEBHOOK_URL
      ? { webhookUrl: env.SMS_WEBHOOK_URL, token: env.SMS_WEBHOOK_TOKEN }
      : { outboxDir: join(env.DATA_DIR, 'outbox') },
  );
}

export async function openAuthFor(
  env: Environment,
  options: {
    defaultActiveOrganization?: (userId: string) => Promise<string | null>;
    /** Phone verification codes are counted on it (per user and per number). */
    quotas?: QuotaLedger;
  } = {},
): Promise<AuthService> {
  const { quotas } = options;
  const mailer = mailerFor(env);
  const sms = smsSenderFor(env);
  return createAuthService({
    baseURL: env.PUBLIC_URL,
    secret: env.BETTER_AUTH_SECRET ?? embeddedSecret(env.DATA_DIR),
    trustedOrigins: env.trustedOrigins,
    database: env.MONGO_URL
      ? { kind: 'mongodb', url: env.MONGO_URL, dbName: env.MONGO_DB }
      : { kind: 'sqlite', path: join(env.DATA_DIR, 'auth.sqlite') },
    mailer,
    sms,
    identityProviders: identityProvidersFromEnv({
      ...env.identityProviderVariables,
      TRUSTED_PROVIDERS: env.TRUSTED_PROVIDERS,
    }),
    adminUserIds: env.adminUserIds,
    rateLimit: env.AUTH_RATE_LIMIT === 'on',
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    defaultActiveOrganization: options.defaultActiveOrganization,
    phoneCodeQuota:
      quotas &&
      (async ({ userId, phoneNumber, client }) => {
        const taken = await quotas.take({
          orgId: null,
          userId,
          channel: 'sms',
          kind: 'phone-code',
          receiver: phoneNumber,
          client,
        });
        return taken.granted ? null : taken.refusal;
      }),
  });
}

export async function openInfrastructure(
  env: Environment,
  options: {
    defaultActiveOrganization?: (documents: DocumentStore, userId: string) => Promise<string | null>;
  } = {},
): Promise<Infrastructure> {
  const eventStore = openEventStoreFor(env, { upcast: (event) => eventUpcasting.upcast(event) });
  const documents = await openDocumentStoreFor(env);
  const { defaultActiveOrganization } = options;
  const quotas = new QuotaLedger(eventStore, env.quotas);
  const auth = await openAuthFor(env, {
    quotas,
    defaultActiveOrganization:
      defaultActiveOrganization && ((userId) => defaultActiveOrganization(documents, userId)),
  });
  return {
    eventStore,
    documents,
    auth,
    mailer: mailerFor(env),
    sms: smsSenderFor(env),
    quotas,
    async close() {
      await auth.close();
      await documents.close();
      await eventStore.close();
    },
  };
}
