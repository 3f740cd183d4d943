import { describe, expect, it } from 'vitest';
import { dateCondition, loadListQuerySchema, truckListQuerySchema } from './list-query.ts';

describe('list query parameters', () => {
  it('applies the defaults of the spec', () => {
    expect(truckListQuerySchema.parse({})).toEqual({
      limit: 10,
      page: 0,
      orderBy: 'updatedAt',
      sort: 'desc',
    });
  });

  it('turns one value, repeated values and comma lists into lists', () => {
    expect(truckListQuerySchema.parse({ trailerType: 'FLATBED' }).trailerType).toEqual(['FLATBED']);
    expect(truckListQuerySchema.parse({ direction: ['NORTH', 'SOUTH'] }).direction).toEqual([
      'NORTH',
      'SOUTH',
    ]);
    expect(loadListQuerySchema.parse({ product: 'HEAVY,LIGHT' }).product).toEqual(['HEAVY', 'LIGHT']);
  });

  it('refuses unknown values and unknown parameters', () => {
    expect(truckListQuerySchema.safeParse({ trailerType: 'TANKER' }).success).toBe(false);
    expect(truckListQuerySchema.safeParse({ product: 'HEAVY' }).success).toBe(false);
    expect(truckListQuerySchema.safeParse({ status: 'yes' }).success).toBe(false);
    expect(truckListQuerySchema.safeParse({ startDate: 'soon' }).success).toBe(false);
  });

  it('builds the date condition', () => {
    expect(dateCondition({ startDate: '2026-11-21T06:00:00.000Z', dateOperation: 'lt' })).toEqual({
      field: 'createdAt',
      range: { lt: '2026-11-21T06:00:00.000Z' },
    });
    expect(
      dateCondition({
        startDate: '2026-11-21T00:00:00.000Z',
        dateOperation: 'eq',
        dateField: 'availableDate',
      }),
    ).toEqual({
      field: 'availabilityDate',
      range: { gte: '2026-11-21T00:00:00.000Z', lt: '2026-11-22T00:00:00.000Z' },
    });
    expect(
      dateCondition({
        startDate: '2026-11-20T06:00:00.000Z',
        endDate: '2026-11-21T05:59:59.999Z',
        dateField: 'updatedAt',
      }),
    ).toEqual({
      field: 'updatedAt',
      range: { gte: '2026-11-20T06:00:00.000Z', lte: '2026-11-21T05:59:59.999Z' },
    });
    expect(dateCondition({})).toBeNull();
  });
});
