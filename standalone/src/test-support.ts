import type { CommandApiOptions } from '@dispatch/command-api';
import { testEnvironment } from '@dispatch/test-kit';
import { createStandaloneApp, type StandaloneApp } from './app.ts';

// The helpers every API test uses live in the test kit, shared with the command and query APIs' tests.
export {
  createOrganization,
  freePort,
  requestsWith,
  signUp,
  validLoad,
  validTruck,
} from '@dispatch/test-kit';

/**
 * A whole product on a fresh temporary data folder, for integration tests. With `listen`, it serves
 * on a free local port whose address is also its public URL (browsers and Socket.IO clients need one).
 */
export async function startTestApp(
  options: {
    serveWeb?: boolean;
    listen?: boolean;
    env?: Record<string, string>;
    webhookDelivery?: CommandApiOptions['webhookDelivery'];
  } = {},
) {
  const { env, dataDir, port, url, remove } = await testEnvironment(options);
  const standalone: StandaloneApp = await createStandaloneApp(env, {
    serveWeb: options.serveWeb ?? false,
    webhookDelivery: options.webhookDelivery,
  });
  if (options.listen) await standalone.app.listen({ port, host: '127.0.0.1' });
  return {
    ...standalone,
    dataDir,
    url,
    async stop() {
      await standalone.close();
      remove();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
