import { openSqliteEventStore } from '@dispatch/storage';
import { describe, expect, it } from 'vitest';
import { newCommandContext } from './command-handler.ts';
import { allocateId } from './sequence-ids.ts';

const trucks = { stream: 'sequence-truck', allocatedEvent: 'TruckIdAllocated' };
const loads = { stream: 'sequence-load', allocatedEvent: 'LoadIdAllocated' };
const context = newCommandContext({ orgId: 'org-a', actorId: 'user-1' });

describe('id sequences', () => {
  it('hand out 1, 2, 3… per kind, each kind counting on its own', async () => {
    const store = openSqliteEventStore({ path: ':memory:' });
    expect(await allocateId(store, trucks, context)).toBe(1);
    expect(await allocateId(store, trucks, context)).toBe(2);
    expect(await allocateId(store, loads, context)).toBe(1);
    expect(await allocateId(store, trucks, context)).toBe(3);
    const recorded = await store.readStream('sequence-load');
    expect(recorded.map((event) => [event.type, event.metadata.actorId])).toEqual([
      ['LoadIdAllocated', 'user-1'],
    ]);
    await store.close();
  });

  it('never hands the same id to concurrent posts', async () => {
    const store = openSqliteEventStore({ path: ':memory:' });
    const ids = await Promise.all(Array.from({ length: 20 }, () => allocateId(store, loads, context)));
    expect(new Set(ids).size).toBe(20);
    expect(Math.max(...ids)).toBe(20);
    await store.close();
  });
});
