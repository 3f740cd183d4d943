import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { type AuthService, createAuthService } from './auth-service.ts';
import { authRoutes } from './fastify-plugin.ts';
import { createMailer } from './mailer.ts';

export const baseURL = 'http://localhost:3000';

export interface AuthFixture {
  dir: string;
  databasePath: string;
  outboxDir: string;
  service: AuthService;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** An auth service on a fresh SQLite file in a temp folder, mounted on a Fastify instance. */
export async function startAuthFixture(configure?: (app: FastifyInstance) => void): Promise<AuthFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-auth-'));
  const databasePath = join(dir, 'auth.sqlite');
  const outboxDir = join(dir, 'outbox');
  const service = await createAuthService({
    baseURL,
    secret: 'test-secret-that-is-long-enough-for-hmac-0123456789',
    trustedOrigins: [baseURL],
    database: { kind: 'sqlite', path: databasePath },
    mailer: createMailer({ outboxDir }),
  });
  const app = Fastify();
  await app.register(authRoutes({ auth: service }));
  configure?.(app);
  await app.ready();
  return {
    dir,
    databasePath,
    outboxDir,
    service,
    app,
    async close() {
      await app.close();
      await service.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The Cookie header a browser would send back after this response. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value !== '' && cookie.maxAge !== 0)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

export function postJson(app: FastifyInstance, url: string, payload: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: baseURL, ...(cookie ? { cookie } : {}) },
  });
}

export const ada = {
  email: 'ada@example.com',
  password: 'correct horse battery',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

export async function signUp(app: FastifyInstance, body: Record<string, unknown> = ada) {
  const response = await postJson(app, '/api/auth/sign-up/email', body);
  return { response, cookie: cookiesFrom(response) };
}
