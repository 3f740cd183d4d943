import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onTemporaryFile } from '../../testing/temporary-file.ts';
import { testEvent } from '../../testing/test-event.ts';
import { appendToStreamsContract } from '../append-to-streams.contract.ts';
import { concurrentAppendsContract } from '../concurrent-appends.contract.ts';
import { eventStoreContract } from '../event-store.contract.ts';
import type { EventStore, RecordedEvent } from '../port.ts';
import { readStreamsContract } from '../read-streams.contract.ts';
import { openSqliteEventStore } from './open-sqlite-event-store.ts';

const child = fileURLToPath(new URL('./testing/append-from-child.ts', import.meta.url));

const eventsFile = onTemporaryFile('dispatch-events-', 'events.sqlite', (path) =>
  openSqliteEventStore({ path }),
);

eventStoreContract('sqlite in memory', () => openSqliteEventStore({ path: ':memory:' }));

eventStoreContract('sqlite file', ...eventsFile);

concurrentAppendsContract('sqlite in memory', () => openSqliteEventStore({ path: ':memory:' }));
concurrentAppendsContract('sqlite file', ...eventsFile);
appendToStreamsContract('sqlite in memory', () => openSqliteEventStore({ path: ':memory:' }));
appendToStreamsContract('sqlite file', ...eventsFile);
readStreamsContract('sqlite in memory', () => openSqliteEventStore({ path: ':memory:' }));
readStreamsContract('sqlite file', ...eventsFile);

const newEvent = () => testEvent();

/** The ids of every event the store holds. */
async function storedIds(store: EventStore): Promise<Set<string>> {
  const stored = new Set<string>();
  for (let page = await store.readAll(0n, 1_000); page.length > 0; ) {
    for (const event of page) stored.add(event.id);
    page = await store.readAll(page.at(-1)!.position, 1_000);
  }
  return stored;
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}

function runChild(
  file: string,
  ...args: string[]
): { process: ChildProcess; lines: string[]; exited: Promise<number | null> } {
  const spawned = spawn(process.execPath, [child, file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let pending = '';
  spawned.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts);
  });
  const exited = new Promise<number | null>((resolve) => spawned.on('exit', (code) => resolve(code)));
  return { process: spawned, lines, exited };
}

describe('sqlite event store on a shared file', () => {
  let dir: string;
  let file: string;
  const opened: EventStore[] = [];
  const open = () => {
    const store = openSqliteEventStore({ path: file });
    opened.push(store);
    return store;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dispatch-events-'));
    file = join(dir, 'events.sqlite');
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('wakes a subscription at once when another store in this process appends', async () => {
    const reader = open();
    const writer = open();
    const received: RecordedEvent[] = [];
    let caughtUp = false;
    const subscription = reader.subscribe(0n, (event) => void received.push(event), {
      onCaughtUp: () => {
        caughtUp = true;
      },
    });
    await waitUntil(() => caughtUp, 2_000);

    const started = Date.now();
    await writer.append('truck-1', [newEvent()], { expected: 'no_stream' });
    // Well under the one-second safety poll: the append itself woke the subscription.
    await waitUntil(() => received.length === 1, 500);
    expect(Date.now() - started).toBeLessThan(500);
    await subscription.close();
  });

  it('keeps revisions consistent when two stores race on one stream', async () => {
    const first = open();
    const second = open();
    await first.append('truck-1', [newEvent()], { expected: 'no_stream' });
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? first : second).append('truck-1', [newEvent()], { expected: 0n }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    expect((await second.readStream('truck-1')).map((event) => event.revision)).toEqual([0n, 1n]);
  });

  it('delivers live an event appended by another process', async () => {
    const store = open();
    const received: RecordedEvent[] = [];
    let caughtUp = false;
    const subscription = store.subscribe(0n, (event) => void received.push(event), {
      onCaughtUp: () => {
        caughtUp = true;
      },
    });
    await waitUntil(() => caughtUp, 2_000);

    const writer = runChild(file, 'once', 'truck-from-child');
    expect(await writer.exited).toBe(0);
    await waitUntil(() => received.length === 1, 2_000);
    await subscription.close();

    expect(received[0]).toMatchObject({ streamId: 'truck-from-child', id: writer.lines[0], revision: 0n });
  });

  it('keeps every acknowledged append when the appending process is killed', async () => {
    const writer = runChild(file, 'forever');
    await waitUntil(() => writer.lines.length >= 200, 20_000);
    writer.process.kill('SIGKILL');
    await writer.exited;
    const acknowledged = writer.lines.filter((line) => line.length > 0);

    const stored = await storedIds(open());
    expect(acknowledged.length).toBeGreaterThanOrEqual(200);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });

  it('keeps every acknowledged append of concurrent writers when the process is killed mid-commit', async () => {
    // 50 writers at once: appends are committed in groups, and a group is acknowledged only once on disk.
    const writer = runChild(file, 'concurrent');
    await waitUntil(() => writer.lines.length >= 1_000, 20_000);
    writer.process.kill('SIGKILL');
    await writer.exited;
    const acknowledged = writer.lines.filter((line) => line.length > 0);

    const stored = await storedIds(open());
    expect(acknowledged.length).toBeGreaterThanOrEqual(1_000);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });

  it('lets a process exit by itself once its subscription and store are closed', async () => {
    const process = runChild(file, 'subscribe');
    const exit = await Promise.race([process.exited, sleep(10_000).then(() => 'still running')]);
    if (exit === 'still running') process.process.kill('SIGKILL');
    expect(exit).toBe(0);
    expect(process.lines).toContain('closed');
  });
});
