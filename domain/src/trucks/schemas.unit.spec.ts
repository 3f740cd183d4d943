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

  it.each(['(312) 555-0199', '312-555-0199', '312.555.0199', '+1 312 555 0199', '+1 (312) 555-0199'])(
    'takes the phone number %j as people type it, kept as ten digits',
    (typed) => {
      expect(
        truckCreateSchema.parse({ ...valid, dispatcherMobileNumber: typed }).dispatcherMobileNumber,
      ).toBe('3125550199');
      expect(truckPatchSchema.parse({ dispatcherMobileNumber: typed }).dispatcherMobileNumber).toBe(
        '3125550199',
      );
    },
  );

  it.each(['1 (312) 555-0199', '(555) 123-4567', '312-555-0199 ext 2', '312 555 01999'])(
    'refuses the phone number %j with the spec message',
    (typed) => {
      expect(
        errorsOf(truckCreateSchema, { ...valid, dispatcherMobileNumber: typed }).dispatcherMobileNumber,
      ).toEqual(['Invalid US phone number. Must be 10 digits (with optional +1 prefix)']);
    },
  );

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

  it.each([
    ['truckState', 'Truck state cannot be more than 200 characters', 'x'.repeat(201)],
    ['truckState', 'Truck state cannot be more than 200 characters', 'x'.repeat(10_000)],
    ['truckCity', 'Truck city cannot be more than 200 characters', 'x'.repeat(201)],
    ['preferedState', 'Preferred state cannot be more than 200 characters', 'x'.repeat(201)],
    ['preferedCity', 'Preferred city cannot be more than 200 characters', 'x'.repeat(201)],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '1'],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '2026-02-29'],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '2026-02-30'],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '1969-12-31'],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '2201-01-01'],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '+275760-09-13'],
  ])('%s is refused: %s', (field, message, value) => {
    expect(errorsOf(truckCreateSchema, { ...valid, [field]: value })[field]).toEqual([message]);
  });

  it('takes text up to the caps and a leap day of a leap year', () => {
    const truck = truckCreateSchema.parse({
      ...valid,
      truckName: 'x'.repeat(50),
      truckCity: 'x'.repeat(200),
      preferedCity: 'x'.repeat(200),
      notes: 'x'.repeat(500),
      availabilityDate: '2028-02-29',
    });
    expect(truck.availabilityDate).toBe('2028-02-29T00:00:00.000Z');
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
  it("has none of the create form's length maxima but keeps the phone and e-mail rules", () => {
    const long = { ...valid, status: true, truckName: 'x'.repeat(80), notes: 'x'.repeat(900) };
    expect(truckEditSchema.safeParse(long).success).toBe(true);
    expect(errorsOf(truckEditSchema, { ...long, dispatcherEmail: 'nope' }).dispatcherEmail).toEqual([
      'Enter a valid email address',
    ]);
  });

  it.each([
    ['truckName', 'Truck name cannot be more than 200 characters', 'x'.repeat(201)],
    ['companyName', 'Company name cannot be more than 200 characters', 'x'.repeat(201)],
    ['unitNumber', 'Unit number cannot be more than 200 characters', 'x'.repeat(201)],
    ['truckState', 'Truck state cannot be more than 200 characters', 'x'.repeat(201)],
    ['truckCity', 'Truck city cannot be more than 200 characters', 'x'.repeat(201)],
    ['preferedState', 'Preferred state cannot be more than 200 characters', 'x'.repeat(201)],
    ['preferedCity', 'Preferred city cannot be more than 200 characters', 'x'.repeat(201)],
    ['dispatcherName', 'Dispatcher name cannot be more than 200 characters', 'x'.repeat(201)],
    [
      'dispatcherEmail',
      'Dispatcher email cannot be more than 254 characters',
      `${'x'.repeat(243)}@example.com`,
    ],
    ['notes', 'Notes cannot be more than 2000 characters', 'x'.repeat(2001)],
    ['notes', 'Notes cannot be more than 2000 characters', 'x'.repeat(1_000_000)],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '2026-02-30'],
  ])('edit and patch refuse %s: %s', (field, message, value) => {
    expect(errorsOf(truckEditSchema, { ...valid, status: true, [field]: value })[field]).toEqual([message]);
    const patch = truckPatchSchema.safeParse({ [field]: value });
    expect(patch.success ? {} : fieldErrors(patch.error)[field]).toEqual([message]);
  });

  it('edit takes text up to the server caps', () => {
    const truck = truckEditSchema.parse({
      ...valid,
      status: true,
      truckName: 'x'.repeat(200),
      dispatcherEmail: `${'x'.repeat(242)}@example.com`,
      notes: 'x'.repeat(2000),
    });
    expect(truck.notes).toHaveLength(2000);
  });

  it('patch takes a version from 0 to 1000000000 only', () => {
    expect(truckPatchSchema.parse({ version: 0 })).toEqual({ version: 0 });
    expect(truckPatchSchema.parse({ version: 1_000_000_000 })).toEqual({ version: 1_000_000_000 });
    for (const [version, message] of [
      [1_000_000_001, 'Version cannot be more than 1000000000'],
      [1e15, 'Version cannot be more than 1000000000'],
      [-1, 'Version must be at least 0'],
      [2.5, 'Version must be a whole number'],
      ['3', 'Version must be a whole number'],
    ] as const) {
      const result = truckPatchSchema.safeParse({ version });
      expect(result.success ? {} : fieldErrors(result.error).version, String(version)).toEqual([message]);
    }
  });

  it.each([null, undefined, 'status=false', 42, []])('patch refuses a body that is no object: %j', (body) => {
    expect(truckPatchSchema.safeParse(body).success).toBe(false);
    expect(truckCreateSchema.safeParse(body).success).toBe(false);
  });

  it('patch accepts a subset and refuses unknown fields', () => {
    expect(truckPatchSchema.parse({ status: false, version: 3 })).toEqual({ status: false, version: 3 });
    expect(truckPatchSchema.safeParse({ orgId: 'other' }).success).toBe(false);
  });
});
