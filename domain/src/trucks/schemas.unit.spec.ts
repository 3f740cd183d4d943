import { describe, expect, it } from 'vitest';
import { fieldErrors, truckCreateSchema, truckEditSchema, truckPatchSchema } from '../index.ts';

const valid = {
  trailerType: 'HIGH_SIDED_HOPPER',
  truckName: 'Unit 12',
  truckState: 'TX',
  truckCity: 'Dallas',
  availabilityDate: '2026-11-21',
  dispatcherName: 'Dana',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'dana@example.com',
};

const errorsOf = (schema: typeof truckCreateSchema | typeof truckEditSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('truck create form', () => {
  it('accepts a valid truck and treats empty optional text as null', () => {
    const truck = truckCreateSchema.parse({ ...valid, companyName: '', notes: '  ' });
    expect(truck.companyName).toBeNull();
    expect(truck.notes).toBeNull();
    expect(truck.status).toBe(true);
    expect(truck.dispatcherCountryCode).toBe('+1');
    expect(truck.availabilityDate).toBe('2026-11-21T00:00:00.000Z');
  });

  it('keeps a phone number as its ten digits, the +1 prefix being the country code', () => {
    expect(
      truckCreateSchema.parse({ ...valid, dispatcherMobileNumber: '+14695550142' }).dispatcherMobileNumber,
    ).toBe('4695550142');
  });

  it.each([
    ['truckName', 'x'.repeat(51), 'Truck name cannot be more than 50 characters'],
    ['companyName', 'x'.repeat(51), 'Company name cannot be more than 50 characters'],
    ['unitNumber', 'x'.repeat(51), 'Unit number cannot be more than 50 characters'],
    ['dispatcherName', 'x'.repeat(51), 'Dispatcher name cannot be more than 50 characters'],
    [
      'dispatcherEmail',
      `${'x'.repeat(40)}@example.com`,
      'Dispatcher email cannot be more than 50 characters',
    ],
    ['notes', 'x'.repeat(501), 'Notes cannot be more than 500 characters'],
    ['dispatcherMobileNumber', '', 'Phone number is required'],
    [
      'dispatcherMobileNumber',
      '555-0100',
      'Invalid US phone number. Must be 10 digits (with optional +1 prefix)',
    ],
    [
      'dispatcherMobileNumber',
      '+443125550100',
      'Invalid US phone number. Must be 10 digits (with optional +1 prefix)',
    ],
  ])('%s = %j is refused with the spec message', (field, value, message) => {
    expect(errorsOf(truckCreateSchema, { ...valid, [field]: value })[field]).toEqual([message]);
  });

  it('requires the required fields', () => {
    const errors = errorsOf(truckCreateSchema, {});
    for (const field of [
      'trailerType',
      'truckName',
      'truckState',
      'truckCity',
      'dispatcherName',
      'dispatcherEmail',
    ]) {
      expect(errors[field], field).toBeDefined();
    }
    expect(errors.dispatcherMobileNumber).toEqual(['Phone number is required']);
  });

  it('refuses an unknown trailer type', () => {
    expect(errorsOf(truckCreateSchema, { ...valid, trailerType: 'TANKER' }).trailerType).toBeDefined();
  });
});

describe('truck edit form', () => {
  it('has no length maxima but keeps the phone and e-mail rules', () => {
    const long = { ...valid, status: true, truckName: 'x'.repeat(80), notes: 'x'.repeat(900) };
    expect(truckEditSchema.safeParse(long).success).toBe(true);
    expect(errorsOf(truckEditSchema, { ...long, dispatcherEmail: 'nope' }).dispatcherEmail).toEqual([
      'Enter a valid email address',
    ]);
  });

  it('patch accepts a subset and refuses unknown fields', () => {
    expect(truckPatchSchema.parse({ status: false, version: 3 })).toEqual({ status: false, version: 3 });
    expect(truckPatchSchema.safeParse({ orgId: 'other' }).success).toBe(false);
  });
});
