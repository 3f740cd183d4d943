import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnvironment } from '@dispatch/config';
import { webDist } from '../web-assets.ts';
import { startGateway } from './gateway.ts';
import { startWebServer } from './web-server.ts';

/**
 * The gateway as a process of its own (started by `npm run start:services`): the web app on a loopback
 * port, and the gateway on PORT in front of it and of the services whose addresses the launcher gives
 * (GATEWAY_COMMAND_URL, GATEWAY_QUERY_URLS, comma-separated).
 */
const env = loadEnvironment();
const command = process.env.GATEWAY_COMMAND_URL;
const queries = (process.env.GATEWAY_QUERY_URLS ?? '').split(',').filter(Boolean);
if (!command || queries.length === 0)
  throw new Error('GATEWAY_COMMAND_URL and GATEWAY_QUERY_URLS are required');

// `npm run start:services` builds the web app first; without a build the gateway serves the API alone.
const web = existsSync(join(webDist, 'index.html')) ? await startWebServer(env) : null;
const gateway = await startGateway({ port: env.PORT, host: env.HOST, command, queries, web: web?.url });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await gateway.close();
    await web?.close();
    process.exit(0);
  });
}
