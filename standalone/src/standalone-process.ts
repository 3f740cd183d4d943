import { loadEnvironment } from '@dispatch/config';
import { createStandaloneApp } from './app.ts';
import { DEMO_SUPER_ADMIN, DEMO_USER, seedDemoData } from './seed.ts';
import { ensureWebBuild } from './web-assets.ts';

/** `npm start`: the whole product in one process on the embedded store. */
const env = loadEnvironment();
const log = (line: string) => console.log(line);

await ensureWebBuild(log);
const standalone = await createStandaloneApp(env, {
  // Failures are always logged (structured JSON with the request id); every request on demand.
  logger: process.env.LOG_REQUESTS === 'true' ? 'requests' : 'errors',
});
const seeded = await seedDemoData(standalone.infrastructure.eventStore, standalone.infrastructure.auth);
await standalone.app.listen({ port: env.PORT, host: env.HOST });

log('');
log(`Dispatch board running at ${env.PUBLIC_URL}`);
log(`Data: ${env.DATA_DIR}${seeded ? ' (demo data created)' : ''}`);
log(`Sign in with ${DEMO_USER.email} / ${DEMO_USER.password}`);
log(`Platform admin: ${DEMO_SUPER_ADMIN.email} / ${DEMO_SUPER_ADMIN.password}`);
log('Press Ctrl-C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log('Stopping…');
    await standalone.close();
    process.exit(0);
  });
}
