import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadEnvironment } from '@dispatch/config';
import { createStandaloneApp } from '@dispatch/standalone';

/** The standalone product (without the web bundle) in its own process, so load and server do not share a thread. */
const env = loadEnvironment();
// BENCH_POSTING_EXPIRY=off: no expiry sweep (a generated board spread over months would be swept whole
// while it is measured; `npm run bench -- expiry` measures the sweep).
const standalone = await createStandaloneApp(env, {
  serveWeb: false,
  ...(process.env.BENCH_POSTING_EXPIRY === 'off' ? { postingExpiryEveryMs: 0 } : {}),
});
await standalone.app.listen({ port: env.PORT, host: '127.0.0.1' });
process.send?.({ listening: true });
// The longest hold of this main thread since the message 'hold-watch', sent when 'hold-read' asks for it.
const holds = monitorEventLoopDelay({ resolution: 10 });
process.on('message', async (message) => {
  if (message === 'hold-watch') {
    holds.disable();
    holds.reset();
    holds.enable();
  } else if (message === 'hold-read') {
    process.send?.({ longestHoldMs: holds.max / 1e6 });
  } else if (message === 'stop') {
    await standalone.close();
    process.exit(0);
  }
});
