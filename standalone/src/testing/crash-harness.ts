import { type ChildProcess, fork } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { readOutbox } from '@dispatch/auth';
import { openAuthFor } from '@dispatch/auth/runtime';
import { loadEnvironment } from '@dispatch/config';
import type { ReadModelRebuildStatus } from '@dispatch/domain';
import {
  collections,
  LIVE_CHECKPOINT,
  REBUILD_STATUS_ID,
  rebuildStatusCollection,
} from '@dispatch/read-models';
import { freePort } from '@dispatch/test-kit';
import { afterEach } from 'vitest';

/**
 * What the crash tests share: the product in a child process on a data folder (standalone-process.ts),
 * killed with SIGKILL or stopped cleanly, a user signed up through its API, and what the product left
 * in its files, read beside it (or after its death).
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

/**
 * The products and data folders of a test file's crash tests: after each test, whatever still runs is
 * killed and the folders are removed.
 */
export function crashTestProducts() {
  const running = new Set<ProductProcess>();
  const dataDirs: string[] = [];
  afterEach(async () => {
    await Promise.all([...running].map((product) => product.kill()));
    for (const dir of dataDirs.splice(0)) removeDataDir(dir);
  });
  const kept = (dir: string) => {
    dataDirs.push(dir);
    return dir;
  };
  return {
    dataDir: (label: string) => kept(tempDataDir(label)),
    copyWithoutReadModels: (dataDir: string, label: string) => kept(copyWithoutReadModels(dataDir, label)),
    copyOf: (dataDir: string, label: string) => kept(copyOf(dataDir, label)),
    async start(dataDir: string): Promise<ProductProcess> {
      const product = await startProduct(dataDir);
      running.add(product);
      const ended = (end: () => Promise<void>) => async () => {
        await end();
        running.delete(product);
      };
      return { url: product.url, kill: ended(product.kill), stop: ended(product.stop) };
    },
  };
}

/** A copy of a (stopped) product's data folder. */
export function copyOf(dataDir: string, label: string): string {
  const copy = tempDataDir(label);
  cpSync(dataDir, copy, { recursive: true });
  return copy;
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

/** Signs an existing user in: returns the session cookie. */
export async function signIn(product: ProductProcess, email: string, password: string): Promise<string> {
  const response = await fetch(`${product.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: product.url },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A platform admin (super_admin) in a stopped product's data folder, made through the authentication
 * service as the demo seed makes its own (standalone/src/seed.ts).
 */
export async function createPlatformAdmin(dataDir: string, email: string, password: string) {
  const auth = await openAuthFor(loadEnvironment({ DATA_DIR: dataDir }));
  try {
    await auth.createUser({ email, password, name: 'Crash Admin', role: 'super_admin', emailVerified: true });
  } finally {
    await auth.close();
  }
}

/**
 * Reads the product's read models file beside it (or after its death), read-only; null while there is
 * nothing to read yet.
 */
function readModelsFile<T>(
  dataDir: string,
  read: (db: DatabaseSync) => T,
  file = 'read-models.sqlite',
): T | null {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(join(dataDir, file), { readOnly: true });
    return read(db);
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/** The staging file a rebuild builds in (see storage's file-set-store.ts), when one is under way for `key`. */
function stagingFileOf(dataDir: string, key: string): string | null {
  return readModelsFile(dataDir, (db) => {
    const row = db.prepare(`SELECT doc FROM "docs_document_stagings" WHERE id = ?`).get(key) as
      | { doc: string }
      | undefined;
    return row ? `read-models.${(JSON.parse(row.doc) as { file: string }).file}.sqlite` : null;
  });
}

/**
 * A projector's checkpoint as stored (the live one by default), in the first read-model file or, for a
 * rebuild's builder, in its staging file; null when there is none (a rebuild's once its file has joined).
 */
export function storedCheckpoint(dataDir: string, name: string = LIVE_CHECKPOINT): bigint | null {
  const staging = stagingFileOf(dataDir, name);
  return readModelsFile(
    dataDir,
    (db) => {
      const row = db
        .prepare(`SELECT position FROM "docs_${collections.checkpoints}" WHERE id = ?`)
        .get(name) as { position: number | bigint } | undefined;
      return row ? BigInt(row.position) : null;
    },
    staging ?? undefined,
  );
}

/** The status of the latest read model rebuild as the projector stored it; null before the projector first ran. */
export function storedRebuildStatus(dataDir: string): ReadModelRebuildStatus | null {
  return readModelsFile(dataDir, (db) => {
    const row = db
      .prepare(`SELECT doc FROM "docs_${rebuildStatusCollection.name}" WHERE id = ?`)
      .get(REBUILD_STATUS_ID) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as ReadModelRebuildStatus) : null;
  });
}

/**
 * What the read-model files hold that serves no read model: a collection of the first file whose place
 * is another file's, or a rebuild's (named with `__`); a collection of a joined file no place names; a
 * staging file under way; a read-model file beside them that nothing names.
 */
export function leftoverReadModels(dataDir: string): string[] {
  const names = (file?: string) =>
    readModelsFile(
      dataDir,
      (db) =>
        (db.prepare('SELECT name FROM document_collections').all() as { name: string }[]).map((r) => r.name),
      file,
    ) ?? [];
  const places =
    readModelsFile(dataDir, (db) =>
      (db.prepare('SELECT doc FROM "docs_document_placements"').all() as { doc: string }[]).map(
        (row) => JSON.parse(row.doc) as { id: string; file: string; stored: string },
      ),
    ) ?? [];
  const stagings =
    readModelsFile(dataDir, (db) => db.prepare('SELECT id FROM "docs_document_stagings"').all().length) ?? 0;
  const placed = new Set(places.map((place) => place.id));
  const leftovers = names()
    .filter((name) => placed.has(name) || name.includes('__'))
    .map((name) => `read-models.sqlite: ${name}`);
  const files = new Set(places.map((place) => `read-models.${place.file}.sqlite`));
  for (const file of files) {
    const stored = new Set(
      places.filter((place) => `read-models.${place.file}.sqlite` === file).map((p) => p.stored),
    );
    leftovers.push(
      ...names(file)
        .filter((name) => !stored.has(name))
        .map((name) => `${file}: ${name}`),
    );
  }
  if (stagings > 0) leftovers.push(`${stagings} staging files`);
  for (const file of readdirSync(dataDir))
    if (/^read-models\.r[0-9a-f]+\.sqlite$/.test(file) && !files.has(file)) leftovers.push(file);
  return leftovers;
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
