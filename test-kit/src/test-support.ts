import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOutbox } from '@dispatch/auth';
import { type Infrastructure, openInfrastructure } from '@dispatch/auth/runtime';
import { type CommandApiOptions, commandApi } from '@dispatch/command-api';
import { type Environment, loadEnvironment } from '@dispatch/config';
import { EVENT_POSITION_HEADER } from '@dispatch/domain';
import { createServer } from '@dispatch/http';
import { type Projector, projections, startReadModels } from '@dispatch/projector';
import { clockFromCommits, queryApi } from '@dispatch/query-api';
import {
  type ChangeFeed,
  firstOrganizationOfUser,
  inProcessChangeFeed,
  type ProjectionHold,
  projectionHold,
} from '@dispatch/read-models';
import type { FastifyInstance } from 'fastify';

/**
 * What the command and query APIs' tests run on, and the helpers they share with the tests of the
 * whole product (standalone/ re-exports these): users, sessions and organizations made through the
 * real API.
 */

/** A running app as the test helpers use it: the two APIs' harness below, or the whole product. */
export interface TestApp {
  app: FastifyInstance;
  infrastructure: Infrastructure;
  projector: Projector;
  /** The feed the projector publishes its commits to, which the query API's clock and pushes follow. */
  feed?: ChangeFeed;
  /** What a large expiry sweep holds the projector with. */
  projectionHold?: ProjectionHold;
  /** The temporary data folder: SQLite files, the mail outbox. */
  dataDir: string;
  /** The app's public URL (its address, when it listens). */
  url: string;
  /** Closes the app and keeps its data folder, for a restart on the same data. */
  close(): Promise<void>;
  /** Closes the app and deletes its data folder. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The environment of a test app on a fresh temporary data folder, or on `dataDir` to start again on
 * the data of an app closed before. With `listen`, a free local port whose address is also the
 * public URL (browsers and Socket.IO clients need one).
 */
export async function testEnvironment(
  options: { listen?: boolean; env?: Record<string, string>; dataDir?: string } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dispatch-test-'));
  const port = options.listen ? await freePort() : 3000;
  const url = `http://localhost:${port}`;
  // With MONGO_URL set, the same tests run on MongoDB, each app in a database of its own.
  const mongo = process.env.MONGO_URL
    ? { MONGO_URL: process.env.MONGO_URL, MONGO_DB: `dispatch_test_${randomBytes(6).toString('hex')}` }
    : {};
  const env: Environment = loadEnvironment({
    ...mongo,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: url,
    // Webhooks of test apps deliver to local receivers, never out of the machine; the tests of the
    // address guard turn this off.
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    ...options.env,
  });
  return {
    env,
    dataDir,
    port,
    url,
    /** Deletes the data folder. */
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * The command and query APIs on a fresh temporary data folder (or `dataDir`), for their integration
 * tests: the event store and the document store (SQLite, or MongoDB with MONGO_URL), authentication,
 * the projector feeding the query API's clock and live pushes in memory, and both APIs in one server
 * made as every server of the product is (`createServer`). The whole product (web app, health) is
 * standalone's `startTestApp`.
 */
export async function startTestApp(
  options: {
    listen?: boolean;
    env?: Record<string, string>;
    dataDir?: string;
    /** Options of the command API over the harness's own (webhook delivery timing, a resolver). */
    commandApi?: Partial<CommandApiOptions>;
    /**
     * Whether the board hides postings past their expiry moment before a sweep expires them, as the
     * product does. Off unless asked: tests post on fixed calendar dates and sweep themselves.
     */
    hidesPastExpiry?: boolean;
  } = {},
): Promise<TestApp> {
  const { env, dataDir, port, url, remove } = await testEnvironment(options);
  const infrastructure = await openInfrastructure(env, {
    defaultActiveOrganization: firstOrganizationOfUser,
  });
  const feed = inProcessChangeFeed();
  const hold = projectionHold();
  const projector = await startReadModels({
    eventStore: infrastructure.eventStore,
    documents: infrastructure.documents,
    projections,
    feed,
    hold,
    onError: (error) => console.error('projector error', error),
  });
  const clock = clockFromCommits(feed, projector.position());
  const app = await createServer({
    title: 'Dispatch board API',
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.trustProxy,
    logger: 'off',
  });
  await app.register(
    commandApi({
      store: infrastructure.eventStore,
      auth: infrastructure.auth,
      documents: infrastructure.documents,
      mailer: infrastructure.mailer,
      sms: infrastructure.sms,
      envelopeExpiryDays: env.ENVELOPE_EXPIRY_DAYS,
      apiKeyRateLimit: env.API_KEY_RATE_LIMIT,
      signingRateLimit: env.AUTH_RATE_LIMIT === 'on' ? undefined : false,
      // Tests sweep envelopes themselves, at the times they choose.
      sweepEveryMs: 0,
      publicUrl: env.PUBLIC_URL,
      trustedOrigins: env.trustedOrigins,
      quotas: infrastructure.quotas,
      webhookSettings: env.webhooks,
      changes: feed,
      projectionHold: hold,
      ...options.commandApi,
    }),
  );
  await app.register(
    queryApi({
      quotas: env.quotas,
      documents: infrastructure.documents,
      auth: infrastructure.auth,
      clock,
      eventStore: infrastructure.eventStore,
      trustedOrigins: env.trustedOrigins,
      apiKeyRateLimit: env.API_KEY_RATE_LIMIT,
      livePing: env.livePing,
      hidesPastExpiry: options.hidesPastExpiry ?? false,
    }),
  );
  if (options.listen) await app.listen({ port, host: '127.0.0.1' });
  const close = async () => {
    await app.close();
    clock.close();
    await projector.close();
    await infrastructure.close();
  };
  return {
    app,
    infrastructure,
    projector,
    feed,
    projectionHold: hold,
    dataDir,
    url,
    close,
    async stop() {
      await close();
      remove();
    },
  };
}

// Each test user signs up from an address of their own, as people do: the sign-up rate limit counts per address.
let nextAddress = 0;

/**
 * Signs a new user up through the API and completes the e-mail verification the real way: reads the
 * verification mail from the outbox and follows its link, which signs the user in. Returns the session
 * cookie header.
 */
export async function signUp(app: TestApp, email: string, name = 'Test Dispatcher'): Promise<string> {
  nextAddress += 1;
  const remoteAddress = `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 2}`;
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: app.url },
    remoteAddress,
    payload: { email, password: 'correct-horse-battery', name },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const mail = (await readOutbox(join(app.dataDir, 'outbox')))
    .filter((m) => m.to === email.toLowerCase() && m.subject === 'Verify your email address')
    .at(-1);
  const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no verification mail for ${email}`);
  const url = new URL(link);
  const verified = await app.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    remoteAddress,
  });
  const cookies = ([] as string[]).concat(verified.headers['set-cookie'] ?? []);
  if (cookies.length === 0) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

/**
 * Requests to the app with a session cookie (and `payload` as JSON when given). The app is asked for
 * on each request, so a suite can make this before `beforeAll` starts it.
 */
export function requestsWith(app: () => TestApp) {
  return (
    cookie: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: OutgoingHttpHeaders = {},
  ) =>
    app().app.inject({
      method,
      url,
      headers: { cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export async function createOrganization(app: TestApp, cookie: string, name: string) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/v1/organization/create',
    headers: { cookie, origin: app.url },
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`create organization failed: ${response.body}`);
  // The creator's membership is read from the members read model (a live connection's check, the
  // member lists): it is projected before the organization is handed to the test, as a browser that
  // joins says the position of its write.
  const position = response.headers[EVENT_POSITION_HEADER];
  if (typeof position === 'string' && !(await app.projector.waitFor(BigInt(position), 30_000)))
    throw new Error('the new organization was not projected within 30 s');
  return response.json().data as { id: string; name: string; slug: string };
}

export const validTruck = {
  trailerType: 'FLATBED',
  companyName: 'Heartland Hauling',
  unitNumber: 'U-7',
  truckName: 'Big Blue',
  truckState: 'IL',
  truckCity: 'Chicago',
  preferedState: 'TX',
  preferedCity: 'Dallas',
  direction: 'SOUTH',
  status: true,
  availabilityDate: '2026-11-21',
  dispatcherName: 'Dana Dispatcher',
  dispatcherCountryCode: '+1',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'dana@example.com',
  notes: '',
};

/** The date `days` from today (UTC), as a posting's date field takes it. */
export const dateFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A truck available three days from now: still on the board whenever the spec runs. For specs of the
 * product as it ships, which leaves a posting past its expiry moment off every list (a posting
 * expires at the end of the day after its date).
 */
export const upcomingTruck = () => ({ ...validTruck, availabilityDate: dateFromToday(3) });

export const validLoad = {
  trailerType: 'HIGH_SIDED_HOPPER',
  originState: 'IA',
  originCity: 'Des Moines',
  destinationState: 'IL',
  destinationCity: 'Chicago',
  product: 'HEAVY',
  rateForTitan: 3.25,
  rateForTitanUnit: 'TONS',
  rateForCarrier: 2.9,
  rateForCarrierUnit: 'TONS',
  customerName: 'Prairie Grain Co.',
  customerCountryCode: '+1',
  customerMobileNumber: '+15155550123',
  customerEmail: 'orders@prairiegrain.example',
  dispatcherName: 'Dana Dispatcher',
  dispatcherCountryCode: '+1',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'dana@example.com',
  availabilityDate: '2026-11-21',
  notes: '',
};

/** A load available three days from now: on the board, and alerted on, whenever the spec runs. */
export const upcomingLoad = () => ({ ...validLoad, availabilityDate: dateFromToday(3) });
