import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnvironment } from '@dispatch/storage/runtime/environment';
import { createStandaloneApp, type StandaloneApp } from './app.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A whole product on a fresh temporary data folder, for integration tests. With `listen`, it serves
 * on a free local port whose address is also its public URL (browsers and Socket.IO clients need one).
 */
export async function startTestApp(options: { serveWeb?: boolean; listen?: boolean } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dispatch-test-'));
  const port = options.listen ? await freePort() : 3000;
  const url = `http://localhost:${port}`;
  const env = loadEnvironment({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: url });
  const standalone: StandaloneApp = await createStandaloneApp(env, { serveWeb: options.serveWeb ?? false });
  if (options.listen) await standalone.app.listen({ port, host: '127.0.0.1' });
  return {
    ...standalone,
    dataDir,
    url,
    async stop() {
      await standalone.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** Signs a new user up through the API and returns the session cookie header. */
export async function signUp(app: TestApp, email: string, name = 'Test Dispatcher'): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: app.url },
    payload: { email, password: 'correct-horse-battery', name },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

export async function createOrganization(app: TestApp, cookie: string, name: string) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/v1/organization/create',
    headers: { cookie, origin: app.url },
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`create organization failed: ${response.body}`);
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
