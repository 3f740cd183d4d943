import {
  type AuthService,
  authRoutes,
  checkMembershipWith,
  limitApiKeyRequests,
  type Mailer,
  QuotaLedger,
  resolveApiKeysWith,
  type SmsSender,
} from '@dispatch/auth';
import { DEFAULT_API_KEY_RATE_LIMIT, DEFAULT_ENVELOPE_EXPIRY_DAYS, DEFAULT_QUOTAS } from '@dispatch/domain';
import {
  guardOrigins,
  guardStateChanges,
  installErrorHandler,
  type ProductMetrics,
  parseRouteInputs,
  serializeAnswersAsTheyAre,
  timeCommands,
} from '@dispatch/http';
import type { ProjectionHold } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { quotaLimitRoutes } from './admin/quota-limit-routes.ts';
import { readModelRoutes } from './admin/read-model-routes.ts';
import { apiKeyRoutes } from './api-keys/api-key-routes.ts';
import { countedAppends } from './counted-appends.ts';
import { envelopeRoutes } from './envelopes/envelope-routes.ts';
import { envelopeSweeper } from './envelopes/envelope-sweeper.ts';
import { signingRoutes } from './envelopes/signing-routes.ts';
import { importRoutes } from './imports/import-routes.ts';
import { loadRoutes } from './loads/load-routes.ts';
import { invitationRoutes } from './organizations/invitation-routes.ts';
import { memberRoutes } from './organizations/member-routes.ts';
import { organizationRoutes } from './organizations/organization-routes.ts';
import { organizationDeletions, streamMemberships } from './organizations/organization-store.ts';
import { teamRoutes } from './organizations/team-routes.ts';
import { postingExpirySweeper } from './postings/posting-expiry-sweeper.ts';
import { notificationMailSweeper } from './saved-searches/notification-mail-sweeper.ts';
import { savedSearchRoutes } from './saved-searches/saved-search-routes.ts';
import { systemCheckRoutes } from './system-check/system-check-routes.ts';
import { truckRoutes } from './trucks/truck-routes.ts';
import type { Resolver, WebhookSettings } from './webhooks/address-guard.ts';
import { type CommitSource, type DeliveryTiming, webhookDeliverer } from './webhooks/deliverer.ts';
import { webhookRoutes } from './webhooks/webhook-routes.ts';

export interface CommandApiOptions {
  /** Requests per minute one API key may make here (API_KEY_RATE_LIMIT, default 600). */
  apiKeyRateLimit?: number;
  store: EventStore;
  auth: AuthService;
  /** Read models the command side consults: an invitation link names only the invitation. */
  documents: DocumentStore;
  /** Sends invitation mail and envelopes that go by e-mail. */
  mailer: Mailer;
  /** Sends envelopes that go by text message. */
  sms: SmsSender;
  /** Days an unsigned envelope stays open after it is (re)sent (ENVELOPE_EXPIRY_DAYS, default 30). */
  envelopeExpiryDays?: number;
  /** Requests per minute per client address on the signing links; false turns the limit off (tests). */
  signingRateLimit?: number | false;
  /** How often reminders and expiries (envelopes', postings') are swept, in ms; 0 leaves sweeping to the caller (tests). */
  sweepEveryMs?: number;
  /** How often postings past their expiry are swept, in ms (`sweepEveryMs` when absent); 0 leaves it to the caller. */
  postingExpiryEveryMs?: number;
  /** The projector of the same process, which a large expiry sweep holds while it commits. */
  projectionHold?: ProjectionHold;
  /**
   * How often the alert e-mails of saved searches that are due are sent, in ms (default 5000); 0
   * leaves it to the caller, as does `sweepEveryMs: 0` (tests).
   */
  notificationMailEveryMs?: number;
  /** The time envelope commands are decided at; tests move it. */
  clock?: () => Date;
  /** The address users reach the app at, for links in mail. */
  publicUrl: string;
  /** Origins whose pages may send commands with the user's cookies (PUBLIC_URL's, TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
  /** Counts commands and appended events for /metrics (when METRICS_TOKEN is set). */
  metrics?: ProductMetrics;
  /**
   * The quota ledgers every envelope, resend, copied link, invitation, test message and alert mail is
   * counted on (the process's own, with the default limits, when not given).
   */
  quotas?: QuotaLedger;
  /**
   * Where webhooks may deliver and when a failing one is disabled (WEBHOOK_* settings); https to
   * public addresses only, disabled after 3 days without success, when not given.
   */
  webhookSettings?: WebhookSettings;
  /** How webhook hosts are resolved, at registration and when a delivery connects (the system's DNS unless given). */
  webhookResolver?: Resolver;
  /** How webhook deliveries are paced (tests shorten it); false leaves delivering to another process. */
  webhookDelivery?: Partial<DeliveryTiming> | false;
  /** The projector's commits (in one process with it): an organization's new events wake its webhooks at once. */
  changes?: CommitSource;
}

const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowHttp: false,
  allowPrivateAddresses: false,
  disableAfterDays: 3,
};

/** Enough for a receiver who reloads and retries; far too few to guess a link. */
const SIGNING_REQUESTS_PER_MINUTE = 60;

/** The command side: authentication and every write of the product. */
export function commandApi(given: CommandApiOptions): FastifyPluginAsync {
  const quotas = given.quotas ?? new QuotaLedger(given.store, DEFAULT_QUOTAS);
  const options = {
    ...given,
    quotas,
    ...(given.metrics ? { store: countedAppends(given.store, given.metrics) } : {}),
  };
  const clock = options.clock ?? (() => new Date());
  const deletedOrganization = organizationDeletions(options.store);
  const webhookSettings = options.webhookSettings ?? DEFAULT_WEBHOOK_SETTINGS;
  return async (app) => {
    const deliverer =
      options.webhookDelivery === false
        ? null
        : webhookDeliverer({
            ...options,
            settings: webhookSettings,
            resolve: options.webhookResolver,
            timing: options.webhookDelivery,
            log: app.log,
          });
    await app.register(async (identity) => {
      // better-auth checks the origin itself only when a request carries cookies; this also refuses a
      // sign-in or sign-up posted from another site (which would sign a visitor into someone's account).
      guardOrigins(identity, {
        trustedOrigins: options.trustedOrigins,
        exempt: (request) => request.url.startsWith('/api/auth/callback/'),
      });
      await identity.register(authRoutes({ auth: options.auth }));
    });
    await app.register(async (commands) => {
      installErrorHandler(commands);
      if (options.metrics) timeCommands(commands, options.metrics);
      serializeAnswersAsTheyAre(commands);
      parseRouteInputs(commands);
      guardStateChanges(commands, options);
      checkMembershipWith(commands, streamMemberships(options.store));
      resolveApiKeysWith(commands, options.store, {
        organizationActive: async (orgId) => !(await deletedOrganization(orgId)),
      });
      await limitApiKeyRequests(commands, options.apiKeyRateLimit ?? DEFAULT_API_KEY_RATE_LIMIT);
      await commands.register(organizationRoutes(options));
      await commands.register(memberRoutes(options));
      await commands.register(invitationRoutes(options));
      await commands.register(teamRoutes(options));
      await commands.register(truckRoutes(options));
      await commands.register(loadRoutes(options));
      await commands.register(importRoutes(options));
      await commands.register(savedSearchRoutes(options));
      await commands.register(readModelRoutes(options));
      await commands.register(quotaLimitRoutes(options));
      await commands.register(systemCheckRoutes(options));
      await commands.register(apiKeyRoutes(options));
      await commands.register(
        webhookRoutes({ ...options, webhookSettings, touched: (id) => deliverer?.touch(id) }),
      );
      await commands.register(
        envelopeRoutes({
          ...options,
          clock,
          envelopeExpiryDays: options.envelopeExpiryDays ?? DEFAULT_ENVELOPE_EXPIRY_DAYS,
        }),
      );
      await commands.register(
        signingRoutes({
          store: options.store,
          clock,
          signingRateLimit: options.signingRateLimit ?? SIGNING_REQUESTS_PER_MINUTE,
        }),
      );
    });
    const sweepEveryMs = options.sweepEveryMs ?? 60_000;
    if (sweepEveryMs > 0) {
      const sweeper = envelopeSweeper({ ...options, clock, log: app.log });
      app.addHook('onReady', async () => sweeper.start(sweepEveryMs));
      app.addHook('onClose', async () => sweeper.stop());
    }
    const expiryEveryMs = options.postingExpiryEveryMs ?? sweepEveryMs;
    if (expiryEveryMs > 0) {
      const expiries = postingExpirySweeper({ ...options, clock, log: app.log });
      app.addHook('onReady', async () => expiries.start(expiryEveryMs));
      app.addHook('onClose', async () => expiries.stop());
    }
    if (deliverer) {
      app.addHook('onReady', async () => deliverer.start());
      app.addHook('onClose', async () => deliverer.stop());
    }
    const mailEveryMs = sweepEveryMs > 0 ? (options.notificationMailEveryMs ?? 5000) : 0;
    if (mailEveryMs > 0) {
      const mails = notificationMailSweeper({ ...options, clock, log: app.log });
      app.addHook('onReady', async () => mails.start(mailEveryMs));
      app.addHook('onClose', async () => mails.stop());
    }
  };
}
