import type { AddressInfo } from 'node:net';
import type { Environment } from '@dispatch/config';
import { createServer } from '@dispatch/http';
import { loadWebApp, serveWebApp } from '../web-assets.ts';

/**
 * The web app's pages and files when the services run apart, on a loopback port the gateway sends
 * them to: the same headers, caching and compression as the one process. A page is sent without its
 * viewer (the session lives in the command API here), so the browser asks for it.
 */
export async function startWebServer(env: Environment) {
  const web = await loadWebApp();
  const app = await createServer({
    title: 'Dispatch board',
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.trustProxy,
    logger: 'errors',
    inlineScriptHashes: web.inlineScriptHashes,
    jsonNotFound: false,
  });
  await serveWebApp(app, web);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
