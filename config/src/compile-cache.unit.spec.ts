import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const cacheModule = new URL('./compile-cache.ts', import.meta.url).href;
// A process that imports the module, then starts a thread: both say where their compile cache is.
const script = `
import { getCompileCacheDir } from 'node:module';
import { Worker } from 'node:worker_threads';
await import(${JSON.stringify(cacheModule)});
const thread = new Worker(
  "require('node:worker_threads').parentPort.postMessage(require('node:module').getCompileCacheDir() ?? null)",
  { eval: true, execArgv: [] },
);
thread.once('message', (dir) => {
  console.log(JSON.stringify({ process: getCompileCacheDir() ?? null, thread: dir }));
  thread.terminate();
});
`;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function run(env: NodeJS.ProcessEnv): { process: string | null; thread: string | null } {
  const { NODE_COMPILE_CACHE: _inherited, ...rest } = process.env;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...rest, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

describe('the compile cache', () => {
  it('is kept in the temporary folder for the process and the threads it starts', () => {
    const temporary = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    folders.push(temporary);
    const where = run({ TMPDIR: temporary });
    expect(where.process).toMatch(new RegExp(`^${join(temporary, 'node-compile-cache')}/v`));
    expect(where.thread).toBe(where.process);
    // What the process compiled is on disk for the next start.
    expect(readdirSync(join(temporary, 'node-compile-cache')).length).toBeGreaterThan(0);
  });

  it('is off where NODE_DISABLE_COMPILE_CACHE says so', () => {
    const temporary = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    folders.push(temporary);
    expect(run({ TMPDIR: temporary, NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual({
      process: null,
      thread: null,
    });
  });
});
