import { Agent, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

/** How often the gateway asks each query API replica whether it is ready. */
const READY_CHECK_MS = 500;
/** A replica that does not answer its readiness check within this is taken out of service. */
const READY_TIMEOUT_MS = 1_000;

export interface GatewayOptions {
  port: number;
  host: string;
  /** The command API's address (`http://127.0.0.1:3001`). */
  command: string;
  /** The query API replicas' addresses; a request goes to one that is ready. */
  queries: string[];
  /** Where the web app's pages and files are served; without it (no web build) other paths answer 404. */
  web?: string;
}

export interface Gateway {
  url: string;
  /** The query API replicas ready now, in the order given. */
  ready: () => string[];
  close: () => Promise<void>;
}

const routedToCommand = (path: string, method: string | undefined) =>
  path.startsWith('/api/auth/') ||
  path.startsWith('/api/v1/signing/') ||
  (path.startsWith('/api/') && method !== 'GET' && method !== 'HEAD');

const routedToQuery = (path: string) => path.startsWith('/api/') || path.startsWith('/socket.io/');

/**
 * The one origin a browser sees when the services run apart (`npm run start:services`), routing as the
 * production gateway does (deploy/nginx/default.conf): sign-in, the signing page's API and every
 * write to the command API; reads and the live connection to a query API replica that answers ready
 * (in turn); everything else to the web app. A replica that stops answering ready, or refuses a
 * connection, is left out until it answers ready again; a read it refused is sent to another.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const proxy = createProxyServer({ xfwd: true });
  // Connections to the services are kept and reused (without an agent each request would open one).
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const ready = new Set<string>();
  let turn = 0;

  async function check(replica: string) {
    try {
      const answer = await fetch(`${replica}/ready`, { signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
      if (answer.ok) ready.add(replica);
      else ready.delete(replica);
    } catch {
      ready.delete(replica);
    }
  }
  const checkAll = () => Promise.all(options.queries.map(check));
  await checkAll();
  const checks = setInterval(() => void checkAll(), READY_CHECK_MS);
  checks.unref();

  /** The next ready replica after the ones already tried, or null when none is. */
  function nextReplica(tried: ReadonlySet<string>): string | null {
    const candidates = options.queries.filter((replica) => ready.has(replica) && !tried.has(replica));
    if (candidates.length === 0) return null;
    turn = (turn + 1) % candidates.length;
    return candidates[turn] ?? null;
  }

  function unavailable(response: ServerResponse) {
    if (response.headersSent) return response.destroy();
    response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
    response.end(
      JSON.stringify({ success: false, code: 'UNAVAILABLE', message: 'The board is starting. Try again.' }),
    );
  }

  function toQuery(request: IncomingMessage, response: ServerResponse, tried = new Set<string>()) {
    const target = nextReplica(tried);
    if (!target) return unavailable(response);
    proxy.web(request, response, { target, agent }, (error) => {
      ready.delete(target);
      tried.add(target);
      // Only a read without a body can be sent again, and only before anything was answered.
      const again = (request.method === 'GET' || request.method === 'HEAD') && !response.headersSent;
      if (again) toQuery(request, response, tried);
      else if (error) unavailable(response);
    });
  }

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/healthz') {
      // The gateway's own health, with the replicas it sends to now.
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(
        JSON.stringify({ ok: true, ready: options.queries.filter((replica) => ready.has(replica)) }),
      );
    } else if (routedToCommand(path, request.method)) {
      proxy.web(request, response, { target: options.command, agent }, () => unavailable(response));
    } else if (routedToQuery(path)) {
      toQuery(request, response);
    } else if (options.web) {
      proxy.web(request, response, { target: options.web, agent }, () => unavailable(response));
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'Not found' }));
    }
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = nextReplica(new Set());
    if (!target || !(request.url ?? '').startsWith('/socket.io/')) return socket.destroy();
    socket.on('error', () => socket.destroy());
    proxy.ws(request, socket, head, { target }, () => {
      ready.delete(target);
      socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${port}`,
    ready: () => options.queries.filter((replica) => ready.has(replica)),
    close: async () => {
      clearInterval(checks);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
      agent.destroy();
    },
  };
}
