import { type ChildProcess, fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOutbox } from '@dispatch/auth';
import { freePort } from '@dispatch/standalone/testing';
import { tempDir } from './fixtures.ts';

export interface BenchServer {
  url: string;
  /** Session cookie of a dispatcher with an active organization. */
  cookie: string;
  /** The server's data folder (its outbox holds the mail it sent). */
  dir: string;
  stop(): Promise<void>;
}

/** The product in a child process on a data folder, until it is stopped (the folder is kept). */
export interface ProductProcess {
  url: string;
  /** Starts timing the longest hold of the product's main thread. */
  startHoldWatch(): void;
  /** The longest hold of the product's main thread since `startHoldWatch`, in ms. */
  longestHoldMs(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts the product in a child process on a fresh data folder and signs a dispatcher in; `env` adds settings. */
export async function startBenchServer(options: { env?: Record<string, string> } = {}): Promise<BenchServer> {
  const dir = tempDir('http');
  const product = await startProductProcess(dir, options.env);
  const cookie = await signUpDispatcher(product.url, dir);
  return {
    url: product.url,
    cookie,
    dir,
    async stop() {
      await product.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the product in a child process on the data folder `dir`; `env` adds settings. */
export async function startProductProcess(
  dir: string,
  env: Record<string, string> = {},
): Promise<ProductProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = fork(join(dirname(fileURLToPath(import.meta.url)), 'server-process.ts'), {
    env: { ...process.env, ...env, DATA_DIR: dir, PORT: String(port), PUBLIC_URL: url },
    execPath: process.execPath,
    // BENCH_CPU_PROF=<folder> writes the server's CPU profile there when it stops.
    execArgv: process.env.BENCH_CPU_PROF
      ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    startHoldWatch() {
      child.send('hold-watch');
    },
    longestHoldMs() {
      return new Promise((resolve) => {
        child.once('message', (message) => resolve((message as { longestHoldMs: number }).longestHoldMs));
        child.send('hold-read');
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.send('stop');
      await exited;
    },
  };
}

/**
 * Signs up a dispatcher on the product at `url` (its mail in `dir`'s outbox), verifies the address
 * and creates an organization: the session cookie of its owner.
 */
export async function signUpDispatcher(url: string, dir: string): Promise<string> {
  const email = 'bench@example.com';
  await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'bench-password-1', name: 'Bench' }),
  });
  // Addresses are verified through the mailed link, which also starts the session.
  const mail = (await readOutbox(join(dir, 'outbox'))).find((m) => m.to === email);
  const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error('no verification mail');
  const verified = await fetch(link, { redirect: 'manual' });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const org = await fetch(`${url}/api/v1/organization/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ name: 'Bench Freight' }),
  });
  if (org.status !== 201) throw new Error(`organization not created: ${await org.text()}`);

  return cookie;
}
