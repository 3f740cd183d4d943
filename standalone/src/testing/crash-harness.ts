import { type ChildProcess, fork } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { readOutbox } from '@dispatch/auth';
import { freePort } from '@dispatch/query-api/testing/test-support';

/**
 * What the crash tests share: the product in a child process on a data folder (standalone-process.ts),
 * killed with SIGKILL or stopped cleanly, and a user signed up through its API.
 */

const entry = fileURLToPath(new URL('./standalone-process.ts', import.meta.url));

export interface ProductProcess {
  url: string;
  /** `kill -9`: no handler runs, nothing is flushed or closed. */
  kill(): Promise<void>;
  /** SIGTERM: the product closes its stores, then exits. */
  stop(): Promise<void>;
}

export const tempDataDir = (label: string) => mkdtempSync(join(tmpdir(), `dispatch-crash-${label}-`));

export async function startProduct(dataDir: string): Promise<ProductProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = fork(entry, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: url },
    execPath: process.execPath,
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code, signal) => reject(new Error(`the product exited with ${code ?? signal}`)));
  });
  return {
    url,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A copy of a (stopped) product's data folder without its read models: started, it projects from zero. */
export function copyWithoutReadModels(dataDir: string, label: string): string {
  const copy = tempDataDir(label);
  for (const name of readdirSync(dataDir)) {
    if (name.startsWith('read-models.sqlite')) continue;
    cpSync(join(dataDir, name), join(copy, name), { recursive: true });
  }
  return copy;
}

export const removeDataDir = (dataDir: string) => rmSync(dataDir, { recursive: true, force: true });

/** Signs a user up and follows the verification link of the mail, which signs them in; then an organization. */
export async function signUpWithOrganization(
  product: ProductProcess,
  dataDir: string,
  email: string,
): Promise<{ cookie: string; orgId: string; userId: string }> {
  const { url } = product;
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'crash-test-password-1', name: 'Crash Tester' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const mail = (await readOutbox(join(dataDir, 'outbox'))).find((m) => m.to === email);
  const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no verification mail for ${email}`);
  const verified = await fetch(link, { redirect: 'manual' });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const created = await fetch(`${url}/api/v1/organization/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ name: 'Crash Freight' }),
  });
  if (created.status !== 201) throw new Error(`organization not created: ${await created.text()}`);
  const orgId = ((await created.json()) as { data: { id: string } }).data.id;
  return { cookie, orgId, userId };
}

/** The position the product's read models reflect, as GET /api/health says; null while it does not answer. */
export async function projectedPosition(product: ProductProcess): Promise<bigint | null> {
  try {
    const response = await fetch(`${product.url}/api/health`);
    return BigInt(((await response.json()) as { position: string }).position);
  } catch {
    return null;
  }
}

export async function waitForProjection(product: ProductProcess, head: bigint, timeoutMs = 40_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const position = await projectedPosition(product);
    if (position !== null && position >= head) return;
    if (Date.now() > deadline) throw new Error(`the read models reached ${position}, not ${head}`);
    await sleep(50);
  }
}

async function getJson(product: ProductProcess, cookie: string, path: string): Promise<unknown> {
  const response = await fetch(`${product.url}${path}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export interface Board {
  /** The list's totals (the counters), as GET /api/v1/trucks answers them. */
  totals: Record<string, unknown>;
  /** Every truck of the list, by id. */
  trucks: Record<string, unknown>[];
  /** GET /api/v1/overview/totals and /monthly-counts. */
  overview: unknown;
  monthly: unknown;
}

/** The organization's whole trucks board, page by page, with its totals and the overview counts. */
export async function boardOf(product: ProductProcess, cookie: string): Promise<Board> {
  const trucks: Record<string, unknown>[] = [];
  let totals: Record<string, unknown> = {};
  for (let page = 0; ; page++) {
    const answer = (await getJson(product, cookie, `/api/v1/trucks?limit=100&page=${page}`)) as {
      data: Record<string, unknown>[];
      totalPages: number;
      page: number;
      count: number;
      limit: number;
      asOf: unknown;
    };
    const { data, page: _page, count: _count, asOf: _asOf, ...rest } = answer;
    if (page === 0) totals = rest;
    trucks.push(...data);
    if (page + 1 >= answer.totalPages) break;
  }
  trucks.sort((a, b) => Number(a.id) - Number(b.id));
  return {
    totals,
    trucks,
    overview: await getJson(product, cookie, '/api/v1/overview/totals'),
    monthly: await getJson(product, cookie, '/api/v1/overview/monthly-counts'),
  };
}
