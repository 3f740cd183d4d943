import { describe, expect, it } from 'vitest';
import { fieldErrors } from './fields.ts';
import { dateCondition, integerParam, loadListQuerySchema, truckListQuerySchema } from './list-query.ts';

const errorsOf = (query: Record<string, unknown>) => {
  const result = truckListQuerySchema.safeParse(query);
  return result.success ? {} : fieldErrors(result.error);
};

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

  it('takes the trucks list parameters on loads too, plus product (docs/rules.md#validation)', () => {
    expect(
      loadListQuerySchema.parse({ direction: 'NORTH,SOUTH_EAST', unitNumber: ' U-7 ', product: 'LIGHT' }),
    ).toMatchObject({ direction: ['NORTH', 'SOUTH_EAST'], unitNumber: 'U-7', product: ['LIGHT'] });
    expect(loadListQuerySchema.safeParse({ direction: 'UP' }).success).toBe(false);
    expect(loadListQuerySchema.safeParse({ unitNumber: 'x'.repeat(101) }).success).toBe(false);
    expect(loadListQuerySchema.safeParse({ truckName: 'Big Blue' }).success).toBe(false);
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

  it('reads limit and page as decimal digits only, within their bounds', () => {
    expect(truckListQuerySchema.parse({ limit: '100', page: '1000000' })).toMatchObject({
      limit: 100,
      page: 1_000_000,
    });
    expect(truckListQuerySchema.parse({ limit: '1', page: '0' })).toMatchObject({ limit: 1, page: 0 });
    // the web app's router hands over numbers
    expect(truckListQuerySchema.parse({ limit: 20, page: 3 })).toMatchObject({ limit: 20, page: 3 });
    // an empty value is an absent one
    expect(truckListQuerySchema.parse({ limit: '', page: '' })).toMatchObject({ limit: 10, page: 0 });
  });

  it.each([
    [{ page: '1e15' }, 'page', 'Page must be a whole number'],
    [{ page: '0x10' }, 'page', 'Page must be a whole number'],
    [{ page: '2.5' }, 'page', 'Page must be a whole number'],
    [{ page: 'Infinity' }, 'page', 'Page must be a whole number'],
    [{ page: ' 2' }, 'page', 'Page must be a whole number'],
    [{ page: 2.5 }, 'page', 'Page must be a whole number'],
    [{ page: 1e15 }, 'page', 'Page cannot be more than 1000000'],
    [{ page: '-1' }, 'page', 'Page must be at least 0'],
    [{ page: '1000001' }, 'page', 'Page cannot be more than 1000000'],
    [{ page: '1000000000000000' }, 'page', 'Page cannot be more than 1000000'],
    [{ page: '9'.repeat(400) }, 'page', 'Page cannot be more than 1000000'],
    [{ limit: '0' }, 'limit', 'Limit must be at least 1'],
    [{ limit: '101' }, 'limit', 'Limit cannot be more than 100'],
    [{ limit: '0x10' }, 'limit', 'Limit must be a whole number'],
    [{ limit: '1e1' }, 'limit', 'Limit must be a whole number'],
    [{ limit: 'many' }, 'limit', 'Limit must be a whole number'],
  ])('%j is refused', (query, field, message) => {
    expect(errorsOf(query)[field]).toEqual([message]);
  });

  it('without a fallback, an integer parameter is required', () => {
    const year = integerParam('Year', { min: 2000, max: 2100 });
    expect(year.parse('2026')).toBe(2026);
    expect(year.safeParse(undefined).success).toBe(false);
    expect(year.safeParse('').success).toBe(false);
  });

  it('takes real ISO 8601 dates from 1970 to 2200 only', () => {
    expect(
      truckListQuerySchema.parse({ startDate: '2028-02-29', endDate: '2026-11-21T05:59:59.999Z' }),
    ).toMatchObject({ startDate: '2028-02-29T00:00:00.000Z', endDate: '2026-11-21T05:59:59.999Z' });
    for (const value of [
      '2026-02-29',
      '1969-12-31',
      '2201-01-01',
      '+275760-09-13',
      '275760-09-13',
      '1',
      'soon',
      '',
    ]) {
      expect(errorsOf({ startDate: value, dateOperation: 'eq' }).startDate, value).toEqual([
        'Must be a real date between 1970 and 2200',
      ]);
      expect(errorsOf({ endDate: value }).endDate, value).toEqual([
        'Must be a real date between 1970 and 2200',
      ]);
    }
  });

  it('the latest date it takes still has a next day', () => {
    const { startDate } = truckListQuerySchema.parse({ startDate: '2200-12-31T23:59:59.999Z' });
    expect(dateCondition({ startDate, dateOperation: 'eq' })?.range.lt).toBe('2201-01-01T23:59:59.999Z');
  });

  it('caps the text filters at 100 characters', () => {
    for (const field of ['search', 'createdBy', 'unitNumber']) {
      expect(errorsOf({ [field]: 'x'.repeat(101) })[field], field).toEqual([
        'Cannot be more than 100 characters',
      ]);
    }
  });
});
