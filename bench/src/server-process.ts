import { loadEnvironment } from '@dispatch/config';
import { createStandaloneApp } from '@dispatch/standalone';

/** The standalone product (without the web bundle) in its own process, so load and server do not share a thread. */
const env = loadEnvironment();
const standalone = await createStandaloneApp(env, { serveWeb: false });
await standalone.app.listen({ port: env.PORT, host: '127.0.0.1' });
process.send?.({ listening: true });
process.on('message', async (message) => {
  if (message === 'stop') {
    await standalone.close();
    process.exit(0);
  }
});
