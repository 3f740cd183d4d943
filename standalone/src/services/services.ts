import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The processes the services run as, each a server of its own package. */
export const serviceEntries = {
  command: join(root, 'command-api', 'src', 'server.ts'),
  projector: join(root, 'projector', 'src', 'main.ts'),
  query: join(root, 'query-api', 'src', 'server.ts'),
  gateway: join(root, 'standalone', 'src', 'services', 'gateway-main.ts'),
} as const;
export type ServiceKind = keyof typeof serviceEntries;

/** How long a process may take to answer ready after it is started. */
const START_TIMEOUT_MS = 60_000;

export interface ServiceProcess {
  name: string;
  kind: ServiceKind;
  url: string;
  child: ChildProcess;
  /** Starts the process again (after it died or was killed) and waits until it is ready. */
  restart: () => Promise<void>;
  /** SIGTERM, then waits for it to exit. */
  stop: () => Promise<void>;
  /** SIGKILL, as a crash would, and waits for it to be gone. */
  kill: () => Promise<void>;
}

/** Where each kind of process says it is ready (the projector's health answers any path). */
const readyPath = (kind: ServiceKind) => (kind === 'gateway' ? '/healthz' : '/ready');

/** Waits until the process answers ready. */
export async function waitUntilReady(
  url: string,
  child: ChildProcess,
  path = '/ready',
  timeoutMs = START_TIMEOUT_MS,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    }
    try {
      const answer = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(1_000) });
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

/**
 * Starts one service as a process of its own on `port` (of 127.0.0.1 unless `host` says), with the environment given (the
 * same DATA_DIR for all), and waits until it is ready. Its output goes to this process's.
 */
export async function startService(
  name: string,
  kind: ServiceKind,
  port: number,
  env: NodeJS.ProcessEnv,
  host = '127.0.0.1',
): Promise<ServiceProcess> {
  const url = `http://127.0.0.1:${port}`;
  const launch = () =>
    spawn(process.execPath, [serviceEntries[kind]], {
      env: { ...env, PORT: String(port), HOST: host },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  const service: ServiceProcess = {
    name,
    kind,
    url,
    child: launch(),
    restart: async () => {
      service.child = launch();
      await waitUntilReady(url, service.child, readyPath(kind));
    },
    stop: async () => {
      const { child } = service;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      const { child } = service;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await waitUntilReady(url, service.child, readyPath(kind));
  } catch (error) {
    // Not ready in time: no one gets the process to stop it, so it is not left running behind the error.
    await service.kill();
    throw error;
  }
  return service;
}
