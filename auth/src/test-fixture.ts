import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AuthConfig } from './auth-config.ts';
import { type AuthService, createAuthService } from './auth-service.ts';
import { authRoutes } from './fastify-plugin.ts';
import { createMailer } from './mailer.ts';
import { type OutboxMail, readOutbox } from './outbox.ts';
import { createSmsSender } from './sms.ts';

export const baseURL = 'http://localhost:3000';
export const testSecret = 'test-secret-that-is-long-enough-for-hmac-0123456789';

export interface AuthFixture {
  dir: string;
  databasePath: string;
  outboxDir: string;
  config: AuthConfig;
  service: AuthService;
  app: FastifyInstance;
  close(): Promise<void>;
}

export interface FixtureOptions {
  /** Other routes on the same Fastify instance. */
  configure?: (app: FastifyInstance) => void;
  /** Overrides of the service configuration (providers, origins, rate limiting, …). */
  config?: Partial<AuthConfig>;
}

/** An auth service on a fresh SQLite file in a temp folder, mounted on a Fastify instance. */
export async function startAuthFixture(
  options: FixtureOptions | ((app: FastifyInstance) => void) = {},
): Promise<AuthFixture> {
  const { configure, config: overrides } = typeof options === 'function' ? { configure: options } : options;
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-auth-'));
  const databasePath = join(dir, 'auth.sqlite');
  const outboxDir = join(dir, 'outbox');
  const config: AuthConfig = {
    baseURL,
    secret: testSecret,
    trustedOrigins: [baseURL],
    database: { kind: 'sqlite', path: databasePath },
    mailer: createMailer({ outboxDir }),
    sms: createSmsSender({ outboxDir }),
    ...overrides,
  };
  const service = await createAuthService(config);
  const app = Fastify();
  await app.register(authRoutes({ auth: service }));
  configure?.(app);
  await app.ready();
  return {
    dir,
    databasePath,
    outboxDir,
    config,
    service,
    app,
    async close() {
      await app.close();
      await service.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An auth fixture started before each test of the file that asks and closed after it, with the clock
 * given back should the test have faked it. Its fields are those of the running test's fixture.
 */
export function authFixturePerTest(options?: FixtureOptions | ((app: FastifyInstance) => void)): AuthFixture {
  let started: AuthFixture | undefined;
  beforeEach(async () => {
    started = await startAuthFixture(options);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await started?.close();
    started = undefined;
  });
  const current = (): AuthFixture => {
    if (!started) throw new Error('The auth fixture runs only within a test.');
    return started;
  };
  return new Proxy({} as AuthFixture, { get: (_, field) => current()[field as keyof AuthFixture] });
}

/** The Cookie header a browser would send back after this response. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value !== '' && cookie.maxAge !== 0)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/** A cookie jar's next header: the old cookies, updated and cleared by what this response set. */
export function mergeCookies(cookie: string, response: LightMyRequestResponse): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
  );
  for (const set of response.cookies) {
    if (set.value === '' || set.maxAge === 0) jar.delete(set.name);
    else jar.set(set.name, set.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  cookie?: string,
  extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: extra.remoteAddress,
    headers: { origin: baseURL, ...(cookie ? { cookie } : {}), ...extra.headers },
  });
}

export function getPath(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export const ada = {
  email: 'ada@example.com',
  password: 'correct horse battery',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

/** Mails delivered to one address, oldest first. */
export async function mailsTo(outboxDir: string, to: string): Promise<OutboxMail[]> {
  return (await readOutbox(outboxDir)).filter((mail) => mail.to === to);
}

/** The newest mail to an address with this subject; fails the test when there is none. */
export async function lastMail(outboxDir: string, to: string, subject: string): Promise<OutboxMail> {
  const mail = (await mailsTo(outboxDir, to)).filter((m) => m.subject === subject).at(-1);
  if (!mail) throw new Error(`no "${subject}" mail to ${to}`);
  return mail;
}

/** The link a mail asks its reader to follow, as a path for `inject` (links point at the public address). */
export function linkIn(mail: OutboxMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in "${mail.subject}"`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/**
 * Signs a user up and completes the e-mail verification the way a person does: reads the mail from the
 * outbox and follows its link, which signs them in. Returns the sign-up answer and the session cookie.
 */
export async function signUp(fixture: AuthFixture, body: Record<string, unknown> = ada) {
  const response = await postJson(fixture.app, '/api/auth/sign-up/email', body);
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const mail = await lastMail(
    fixture.outboxDir,
    String(body.email).toLowerCase(),
    'Verify your email address',
  );
  const verified = await getPath(fixture.app, linkIn(mail));
  return { response, verified, cookie: cookiesFrom(verified) };
}

/** Signs `body` up (Ada by default), then posts `payload` to `path` with the new session's cookie. */
export async function signUpAndPost(fixture: AuthFixture, path: string, payload: unknown, body = ada) {
  const { cookie } = await signUp(fixture, body);
  return { cookie, response: await postJson(fixture.app, path, payload, cookie) };
}

/** Signs in with e-mail and password; the session cookie of the answer. */
export async function signIn(fixture: AuthFixture, email: string, password: string, remoteAddress?: string) {
  const response = await postJson(fixture.app, '/api/auth/sign-in/email', { email, password }, undefined, {
    remoteAddress,
  });
  return { response, cookie: cookiesFrom(response) };
}
