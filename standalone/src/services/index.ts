import { createServer } from 'node:net';
import type { Environment } from '@dispatch/config';
import { type ServiceProcess, startService } from './services.ts';

export type { ServiceProcess } from './services.ts';

/** Whether a server can listen on `port` of 127.0.0.1 now (it is closed again at once). */
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The ports `freeLoopbackPort` gave, never given twice by this process. */
const handedOut = new Set<number>();

/**
 * A port nothing listens on now, on 127.0.0.1, below the range the system picks from for port 0
 * (32768 and up on Linux). A port the system picked would be free again until the service listens on
 * it, and a server another process starts on port 0 meanwhile could be given it: the service would
 * then fail to listen, and whatever answered there would pass for it.
 */
export async function freeLoopbackPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    // Not one handed out already (to a service not listening yet, or asked for at the same time).
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canListen(port)) return port;
  }
}

export interface RunningServices {
  /** The one origin the browser sees. */
  url: string;
  gateway: ServiceProcess;
  /** The query API replicas the gateway sends to now (its `/healthz`). */
  ready: () => Promise<string[]>;
  command: ServiceProcess;
  projector: ServiceProcess;
  queries: ServiceProcess[];
  /** Every service process, in the order started. */
  all: ServiceProcess[];
  /** Stops them gently: the gateway, reads and live connections, then writes, then the projector's batch. */
  stop: () => Promise<void>;
  /** Kills every process at once (SIGKILL) and closes the gateway. */
  kill: () => Promise<void>;
}

/**
 * Starts the command API, the projector and the query API replicas (two unless told) as processes
 * of their own on the stores `env` names, then the gateway (and the web app) on `port` of `host`, a
 * process too. The services listen on 127.0.0.1, on the ports given or on free ones.
 */
export async function startServices(options: {
  env: Environment;
  port: number;
  host: string;
  ports?: { command: number; projector: number; queries: number[] };
  replicas?: number;
  /** More settings for every service (`METRICS_TOKEN`, `LIVE_PING_*`), over this process's environment. */
  settings?: Record<string, string>;
}): Promise<RunningServices> {
  const { env } = options;
  const replicas = options.replicas ?? 2;
  const ports = options.ports ?? {
    command: await freeLoopbackPort(),
    projector: await freeLoopbackPort(),
    queries: await Promise.all(Array.from({ length: replicas }, () => freeLoopbackPort())),
  };
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: env.DATA_DIR,
    PUBLIC_URL: env.PUBLIC_URL,
    // Only the gateway, on this machine, says who the client is.
    TRUSTED_PROXIES: '127.0.0.1',
    LOG_REQUESTS: process.env.LOG_REQUESTS ?? 'false',
    ...options.settings,
  };
  const started: ServiceProcess[] = [];
  const start = async (...args: Parameters<typeof startService>) => {
    const service = await startService(...args);
    started.push(service);
    return service;
  };
  try {
    const command = await start('command API', 'command', ports.command, shared);
    const projector = await start('projector', 'projector', ports.projector, shared);
    // One after the other: each checks the identity database's tables as it opens it.
    const queries: ServiceProcess[] = [];
    for (const [index, port] of ports.queries.entries()) {
      queries.push(await start(`query API ${index + 1}`, 'query', port, shared));
    }
    const gateway = await start(
      'gateway',
      'gateway',
      options.port,
      {
        ...shared,
        GATEWAY_COMMAND_URL: command.url,
        GATEWAY_QUERY_URLS: queries.map((query) => query.url).join(','),
      },
      options.host,
    );
    return running(options, { command, projector, queries, gateway });
  } catch (error) {
    // A service that could not start leaves none of the others running.
    await Promise.all(started.map((service) => service.kill()));
    throw error;
  }
}

function running(
  options: { host: string; port: number },
  { command, projector, queries, gateway }: Omit<RunningServices, 'url' | 'ready' | 'all' | 'stop' | 'kill'>,
): RunningServices {
  const all = [command, projector, ...queries, gateway];
  return {
    url: `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${options.port}`,
    gateway,
    ready: async () => {
      const answer = await fetch(`${gateway.url}/healthz`);
      return ((await answer.json()) as { ready: string[] }).ready;
    },
    command,
    projector,
    queries,
    all,
    stop: async () => {
      await gateway.stop();
      await Promise.all(queries.map((query) => query.stop()));
      await command.stop();
      await projector.stop();
    },
    kill: async () => {
      await Promise.all(all.map((service) => service.kill()));
    },
  };
}
