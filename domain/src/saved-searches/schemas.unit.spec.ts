import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  notificationsReadSchema,
  savedSearchCreateSchema,
  savedSearchPatchSchema,
} from '../index.ts';

const errorsOf = (value: unknown) => {
  const result = savedSearchCreateSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('saved search form', () => {
  it("keeps a board's filters, without its paging, order or moment", () => {
    const parsed = savedSearchCreateSchema.parse({
      name: '  Reefers  ',
      kind: 'trucks',
      params: {
        page: 3,
        limit: 50,
        orderBy: 'createdAt',
        sort: 'asc',
        asOf: '2026-01-01',
        status: 'true',
        trailerType: 'FLATBED,LOW_SIDED_HOPPER',
        search: 'pete',
      },
    });
    expect(parsed).toEqual({
      name: 'Reefers',
      kind: 'trucks',
      alert: { inApp: false, email: false },
      params: { status: 'true', trailerType: ['FLATBED', 'LOW_SIDED_HOPPER'], search: 'pete' },
    });
  });

  it("keeps none of the loads board's ranges of trip miles, rate per mile and margin", () => {
    const parsed = savedSearchCreateSchema.parse({
      name: 'Long hauls',
      kind: 'loads',
      params: {
        product: ['HEAVY'],
        minTripMiles: '500',
        maxRatePerMile: '3.5',
        minMargin: '100',
        orderBy: 'margin',
      },
    });
    expect(parsed.params).toEqual({ product: ['HEAVY'] });
  });

  it('names the field of a refused parameter with the list’s own message', () => {
    expect(
      errorsOf({ name: 'x', kind: 'trucks', params: { trailerType: 'TANKER' } })['params.trailerType.0'],
    ).toBeDefined();
    expect(errorsOf({ name: 'x', kind: 'trucks', params: { product: ['HEAVY'] } })).toHaveProperty([
      'params',
    ]);
    expect(
      errorsOf({ name: 'x', kind: 'radius', params: { state: 'IL', city: 'Chicago', radius: '9000' } }),
    ).toEqual({
      'params.radius': ['Radius must be a number from 1 to 5000'],
    });
    expect(errorsOf({ name: 'x', kind: 'radius', params: {} })['params.city']).toEqual(['City is required']);
    expect(errorsOf({ name: 'x', kind: 'loads', params: { startDate: '2026-02-30' } })).toEqual({
      'params.startDate': ['Must be a real date between 1970 and 2200'],
    });
  });

  it('takes a name of up to 50 characters, the spec’s maximum', () => {
    expect(errorsOf({ name: 'x'.repeat(51), kind: 'loads' }).name).toEqual([
      'Name cannot be more than 50 characters',
    ]);
    expect(errorsOf({ name: ' ', kind: 'loads' }).name).toEqual(['Name is required']);
    expect(savedSearchCreateSchema.safeParse({ name: 'x'.repeat(50), kind: 'loads' }).success).toBe(true);
  });

  it('refuses unknown fields, an unknown kind and alerts that are not yes or no', () => {
    expect(errorsOf({ name: 'x', kind: 'trucks', orgId: 'other' })).toHaveProperty(['_']);
    expect(errorsOf({ name: 'x', kind: 'envelopes' }).kind).toEqual([
      'Kind must be trucks, loads, radius or lane',
    ]);
    expect(
      errorsOf({ name: 'x', kind: 'trucks', alert: { inApp: 'yes', email: false } })['alert.inApp'],
    ).toEqual(['In-app alert must be true or false']);
    expect(errorsOf({ name: 'x', kind: 'trucks', params: [] }).params).toEqual([
      'Search parameters must be an object',
    ]);
  });

  it('patches a name, alerts or both, and nothing else', () => {
    expect(savedSearchPatchSchema.parse({ alert: { email: true } })).toEqual({ alert: { email: true } });
    expect(savedSearchPatchSchema.safeParse({ params: {} }).success).toBe(false);
    expect(savedSearchPatchSchema.safeParse({ name: 'x'.repeat(51) }).success).toBe(false);
  });

  it('marks at most 100 notifications read at a time', () => {
    expect(notificationsReadSchema.parse({})).toEqual({});
    expect(notificationsReadSchema.safeParse({ ids: Array.from({ length: 101 }, String) }).success).toBe(
      false,
    );
  });
});
