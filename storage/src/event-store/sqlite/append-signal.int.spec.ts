import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { AppendSignal } from './append-signal.ts';

let dir: string;
let signal: AppendSignal | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-signal-'));
});

afterEach(() => {
  signal?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signalled(calls: () => number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (calls() === 0 && Date.now() < deadline) await sleep(5);
  return calls() > 0;
}

it('notices a write to the WAL file long before the safety poll', async () => {
  const file = join(dir, 'events.sqlite');
  let head = 1n;
  let calls = 0;
  signal = new AppendSignal(file, () => head);
  signal.listen(() => {
    calls += 1;
  });

  head = 2n;
  writeFileSync(`${file}-wal`, 'frame');
  expect(await signalled(() => calls, 300)).toBe(true);
});

it('notices a commit that becomes visible only after the file event', async () => {
  const file = join(dir, 'events.sqlite');
  let head = 1n;
  let calls = 0;
  signal = new AppendSignal(file, () => head);
  signal.listen(() => {
    calls += 1;
  });

  writeFileSync(`${file}-wal`, 'frame');
  await sleep(40);
  head = 2n;
  expect(await signalled(() => calls, 300)).toBe(true);
});

it('ignores file events that did not move the head, and other files', async () => {
  const file = join(dir, 'events.sqlite');
  let calls = 0;
  signal = new AppendSignal(file, () => 1n);
  signal.listen(() => {
    calls += 1;
  });

  writeFileSync(`${file}-wal`, 'frame');
  writeFileSync(join(dir, 'unrelated'), 'x');
  expect(await signalled(() => calls, 200)).toBe(false);
});
