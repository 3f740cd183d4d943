import { describe, expect, it } from 'vitest';
import type { CollectionDefinition } from '../port.ts';
import { planFilter, planQuery } from '../query-plan.ts';
import { toMongoFilter, toMongoSort } from './query-to-mongo.ts';

const trucks: CollectionDefinition = {
  name: 'trucks',
  fields: { name: 'text', capacityKg: 'number', active: 'boolean', 'location.city': 'text' },
};

describe('query to MongoDB', () => {
  it('translates every condition, with id as _id', () => {
    const filter = toMongoFilter(
      planFilter(trucks, {
        id: { in: ['t1', 't2'] },
        name: { ne: null },
        active: { eq: true },
        capacityKg: { gte: 1000, lt: 2000 },
        'location.city': { eq: null },
      }),
    );
    expect(filter).toEqual({
      _id: { $in: ['t1', 't2'] },
      name: { $ne: null },
      active: { $eq: true },
      capacityKg: { $gte: 1000, $lt: 2000 },
      'location.city': { $eq: null },
    });
  });

  it('matches contains literally and case-insensitively', () => {
    const needle = '1.5% (a_b)*[x]+?^$|\\';
    const filter = toMongoFilter(planFilter(trucks, { name: { contains: needle } })) as {
      name: { $regex: string; $options: string };
    };
    expect(filter.name.$options).toBe('i');
    const pattern = new RegExp(filter.name.$regex, filter.name.$options);
    expect(pattern.test(`Truck ${needle.toUpperCase()} end`)).toBe(true);
    expect(pattern.test('Truck 115% (aXb)')).toBe(false);
  });

  it('sorts with the _id tie-break unless id is a sort key', () => {
    const plan = planQuery(trucks, {
      sort: [
        { field: 'active', direction: 'asc' },
        { field: 'capacityKg', direction: 'desc' },
      ],
    });
    expect(toMongoSort(plan)).toEqual([
      ['active', 1],
      ['capacityKg', -1],
      ['_id', 1],
    ]);
    expect(toMongoSort(planQuery(trucks, { sort: [{ field: 'id', direction: 'desc' }] }))).toEqual([
      ['_id', -1],
    ]);
  });
});
