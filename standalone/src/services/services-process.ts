import { openAuthFor } from '@dispatch/auth/runtime';
import { loadEnvironment, openEventStoreFor } from '@dispatch/config';
import { eventUpcasting } from '@dispatch/domain';
import { DEMO_SUPER_ADMIN, DEMO_USER, seedDemoData } from '../seed.ts';
import { ensureWebBuild } from '../web-assets.ts';
import { startServices } from './index.ts';

/**
 * `npm run start:services`: the product as the services it is made of, each a process of its own on
 * the embedded stores of one DATA_DIR (the command API, the projector and two query API replicas),
 * behind a gateway on PORT that the browser sees as the one origin. The services use the ports after
 * it (PORT + 1 to PORT + 4, on 127.0.0.1).
 */
const env = loadEnvironment();
const log = (line: string) => console.log(line);
if (env.EVENTSTORE_URL || env.MONGO_URL) {
  throw new Error('start:services runs on the embedded stores; docker-compose runs the services on servers');
}

await ensureWebBuild(log);
// The demo data, as `npm start` makes it, written before any service opens the stores.
const eventStore = openEventStoreFor(env, { upcast: (event) => eventUpcasting.upcast(event) });
const auth = await openAuthFor(env);
const seeded = await seedDemoData(eventStore, auth);
await auth.close();
await eventStore.close();

const services = await startServices({
  env,
  port: env.PORT,
  host: env.HOST,
  ports: { command: env.PORT + 1, projector: env.PORT + 3, queries: [env.PORT + 2, env.PORT + 4] },
});

log('');
log(`Dispatch board running at ${env.PUBLIC_URL}, as services:`);
for (const service of services.all) log(`  ${service.name}: ${service.url} (pid ${service.child.pid})`);
log(`Data: ${env.DATA_DIR}${seeded ? ' (demo data created)' : ''}`);
log(`Sign in with ${DEMO_USER.email} / ${DEMO_USER.password}`);
log(`Platform admin: ${DEMO_SUPER_ADMIN.email} / ${DEMO_SUPER_ADMIN.password}`);
log('Press Ctrl-C to stop.');

let stopping = false;
// A service that dies is started again: the others go on meanwhile.
for (const service of services.all) {
  const watch = () =>
    service.child.once('exit', (code, signal) => {
      if (stopping) return;
      log(`${service.name} stopped (${code ?? signal}); starting it again`);
      void service
        .restart()
        .then(watch, (error: unknown) => log(`${service.name} could not start: ${error}`));
    });
  watch();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log('Stopping…');
    await services.stop();
    process.exit(0);
  });
}
