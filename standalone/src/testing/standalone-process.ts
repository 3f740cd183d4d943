import { loadEnvironment } from '@dispatch/config';
import { createStandaloneApp } from '../app.ts';

/**
 * The product as `npm start` runs it (without the web bundle and the demo data), in a process of its own
 * that a test can kill: DATA_DIR, PORT and PUBLIC_URL come from the environment. It tells its parent
 * once it listens, and stops cleanly on SIGTERM (`kill -9` is the point of the tests that use it).
 */
const env = loadEnvironment();
const standalone = await createStandaloneApp(env, { serveWeb: false });
await standalone.app.listen({ port: env.PORT, host: '127.0.0.1' });
process.send?.('listening');
process.once('SIGTERM', async () => {
  await standalone.close();
  process.exit(0);
});
