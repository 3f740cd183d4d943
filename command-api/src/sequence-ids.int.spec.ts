import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IdBlock } from '@dispatch/domain';
import { type EventStore, newEventId, openSqliteEventStore } from '@dispatch/storage';
import { describe, expect, it } from 'vitest';
import { newCommandContext } from './command-handler.ts';
import { allocateId, IdAllocator } from './sequence-ids.ts';

const trucks = { stream: 'sequence-truck', allocatedEvent: 'TruckIdAllocated' };
const loads = { stream: 'sequence-load', allocatedEvent: 'LoadIdAllocated' };
const context = newCommandContext({ orgId: 'org-a', actorId: 'user-1' });

async function blocksOf(store: EventStore, stream: string): Promise<IdBlock[]> {
  return (await store.readStream(stream)).map((event) => event.data as IdBlock);
}

describe('id sequences', () => {
  it('hand out 1, 2, 3… per kind, each kind counting on its own, reserving a block at a time', async () => {
    const store = openSqliteEventStore({ path: ':memory:' });
    expect(await allocateId(store, trucks, context)).toBe(1);
    expect(await allocateId(store, trucks, context)).toBe(2);
    expect(await allocateId(store, loads, context)).toBe(1);
    expect(await allocateId(store, trucks, context)).toBe(3);
    const recorded = await store.readStream('sequence-load');
    expect(recorded.map((event) => [event.type, event.data, event.metadata.actorId])).toEqual([
      ['LoadIdsReserved', { first: 1, last: 100 }, 'user-1'],
    ]);
    // One append for the first hundred trucks.
    for (let i = 4; i <= 100; i++) expect(await allocateId(store, trucks, context)).toBe(i);
    expect(await blocksOf(store, 'sequence-truck')).toEqual([{ first: 1, last: 100 }]);
    expect(await allocateId(store, trucks, context)).toBe(101);
    expect(await blocksOf(store, 'sequence-truck')).toEqual([
      { first: 1, last: 100 },
      { first: 101, last: 200 },
    ]);
    await store.close();
  });

  it('never hands the same id to concurrent posts, which share one reservation', async () => {
    const store = openSqliteEventStore({ path: ':memory:' });
    const ids = await Promise.all(Array.from({ length: 20 }, () => allocateId(store, loads, context)));
    expect(new Set(ids).size).toBe(20);
    expect(Math.max(...ids)).toBe(20);
    expect(await blocksOf(store, 'sequence-load')).toEqual([{ first: 1, last: 100 }]);
    await store.close();
  });

  it('never gives two processes the same id when they post concurrently on one event store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dispatch-ids-'));
    const file = join(dir, 'events.sqlite');
    // Two "processes": each its own connection to the file and its own allocator, with small blocks
    // so that they race for reservations many times.
    const stores = [openSqliteEventStore({ path: file }), openSqliteEventStore({ path: file })];
    const allocators = stores.map((store) => new IdAllocator(store, { blockSize: 7 }));
    try {
      const ids = await Promise.all(
        Array.from({ length: 400 }, (_, i) => allocators[i % 2]!.allocate(trucks, context)),
      );
      const handedOut = ids;
      expect(new Set(handedOut).size).toBe(400);
      expect(handedOut.every((id) => Number.isInteger(id) && id > 0)).toBe(true);

      // The blocks recorded follow each other, one process's or the other's, without overlap or gap,
      // and every id handed out lies in a block its process reserved.
      const blocks = await blocksOf(stores[0]!, 'sequence-truck');
      blocks.forEach((block, i) => {
        expect(block.last - block.first).toBe(6);
        expect(block.first).toBe(i * 7 + 1);
      });
      expect(Math.max(...handedOut)).toBeLessThanOrEqual(blocks.at(-1)!.last);
      const reserved = new Set(
        blocks.flatMap(({ first, last }) => Array.from({ length: last - first + 1 }, (_, i) => first + i)),
      );
      expect(handedOut.every((id) => reserved.has(id))).toBe(true);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('continues after the block of a previous process, leaving its unused ids as a gap', async () => {
    const store = openSqliteEventStore({ path: ':memory:' });
    const before = new IdAllocator(store);
    expect(await before.allocate(trucks, context)).toBe(1);
    expect(await before.allocate(trucks, context)).toBe(2);
    const restarted = new IdAllocator(store);
    expect(await restarted.allocate(trucks, context)).toBe(101);
    expect(await blocksOf(store, 'sequence-truck')).toEqual([
      { first: 1, last: 100 },
      { first: 101, last: 200 },
    ]);
    await store.close();
  });

  it('continues after the ids of the former scheme, one event per id', async () => {
    const store = openSqliteEventStore({ path: ':memory:' });
    for (let i = 0; i < 3; i++) {
      await store.append(
        'sequence-truck',
        [{ id: newEventId(), type: 'TruckIdAllocated', data: {}, metadata }],
        { expected: 'any' },
      );
    }
    expect(await new IdAllocator(store).allocate(trucks, context)).toBe(4);
    expect((await store.readStream('sequence-truck', { fromRevision: 3n }))[0]?.data).toEqual({
      first: 4,
      last: 103,
    });
    await store.close();
  });
});

const metadata = {
  orgId: 'org-a',
  actorId: 'user-1',
  correlationId: 'c',
  causationId: null,
  schemaVersion: 1,
  occurredAt: '2025-03-01T08:30:00.000Z',
};
