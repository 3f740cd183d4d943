import { describe, expect, it } from 'vitest';
import type { CollectionDefinition } from './port.ts';
import { planQuery } from './query-plan.ts';

const trucks: CollectionDefinition = {
  name: 'trucks',
  fields: {
    name: 'text',
    capacityKg: 'number',
    active: 'boolean',
    registeredAt: 'date',
    'location.city': 'text',
  },
};

describe('planQuery', () => {
  it('normalises every kind of condition', () => {
    const plan = planQuery(trucks, {
      filter: {
        name: { contains: '50%' },
        capacityKg: { gte: 1000, lt: 2000 },
        active: { eq: true },
        'location.city': { in: ['Lyon', null] },
        id: { ne: 't1' },
      },
      sort: [{ field: 'registeredAt', direction: 'desc' }],
      skip: 10,
      limit: 5,
    });
    expect(plan).toEqual({
      predicates: [
        { field: 'name', type: 'text', op: 'contains', needle: '50%' },
        {
          field: 'capacityKg',
          type: 'number',
          op: 'range',
          bounds: [
            ['gte', 1000],
            ['lt', 2000],
          ],
        },
        { field: 'active', type: 'boolean', op: 'eq', value: true },
        { field: 'location.city', type: 'text', op: 'in', values: ['Lyon', null] },
        { field: 'id', type: 'text', op: 'ne', value: 't1' },
      ],
      sort: [{ field: 'registeredAt', direction: 'desc' }],
      skip: 10,
      limit: 5,
    });
  });

  it.each([
    ['an undeclared filter field', { filter: { plate: { eq: 'x' } } }],
    ['an undeclared sort field', { sort: [{ field: 'plate', direction: 'asc' as const }] }],
    ['a string for a number', { filter: { capacityKg: { eq: '1' } } }],
    ['a number for a boolean', { filter: { active: { eq: 1 } } }],
    ['a range on a boolean', { filter: { active: { gt: 0 } } }],
    ['contains on a number', { filter: { capacityKg: { contains: '1' } } }],
    ['an unknown operator', { filter: { name: { like: '%x' } } }],
    ['two operators that do not combine', { filter: { name: { eq: 'a', ne: 'b' } } }],
    ['an empty condition', { filter: { name: {} } }],
    ['NaN', { filter: { capacityKg: { lt: Number.NaN } } }],
    ['a negative skip', { skip: -1 }],
    ['a fractional limit', { limit: 1.5 }],
    ['an unknown direction', { sort: [{ field: 'name', direction: 'up' }] }],
  ])('rejects %s', (_case, query) => {
    expect(() => planQuery(trucks, query as never)).toThrow();
  });
});
