import { describe, expect, it } from 'vitest';
import { fieldErrors, loadCreateSchema, loadEditSchema, loadPatchSchema } from '../index.ts';

const valid = {
  trailerType: 'FLATBED',
  originState: 'IA',
  originCity: 'Des Moines',
  destinationState: 'IL',
  destinationCity: 'Chicago',
  product: 'LIGHT',
  rateForTitan: 1200,
  rateForTitanUnit: 'FLAT_RATE',
  rateForCarrier: 1000,
  rateForCarrierUnit: 'FLAT_RATE',
  dispatcherName: 'Dana',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'dana@example.com',
  availabilityDate: '2026-11-21',
};

const errorsOf = (schema: typeof loadCreateSchema | typeof loadEditSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('load create form', () => {
  it('accepts a valid load and treats empty optional text as null', () => {
    const load = loadCreateSchema.parse({
      ...valid,
      customerName: '',
      customerEmail: ' ',
      customerMobileNumber: '',
      notes: '  ',
    });
    expect(load).toMatchObject({
      customerName: null,
      customerEmail: null,
      customerMobileNumber: null,
      notes: null,
      customerCountryCode: '+1',
      dispatcherCountryCode: '+1',
      availabilityDate: '2026-11-21T00:00:00.000Z',
    });
  });

  it('reads rates typed into a form as numbers, and an empty rate as none', () => {
    const load = loadCreateSchema.parse({ ...valid, rateForTitan: '3.5', rateForCarrier: '' });
    expect(load.rateForTitan).toBe(3.5);
    expect(load.rateForCarrier).toBeNull();
    expect(loadCreateSchema.parse({ ...valid, rateForTitan: 0, rateForCarrier: null })).toMatchObject({
      rateForTitan: 0,
      rateForCarrier: null,
    });
    const { rateForTitan: _t, rateForCarrier: _c, ...withoutRates } = valid;
    expect(loadCreateSchema.parse(withoutRates)).toMatchObject({ rateForTitan: null, rateForCarrier: null });
  });

  it('keeps phone numbers as their ten digits', () => {
    const load = loadCreateSchema.parse({
      ...valid,
      dispatcherMobileNumber: '+14695550142',
      customerMobileNumber: '+15155550123',
    });
    expect(load.dispatcherMobileNumber).toBe('4695550142');
    expect(load.customerMobileNumber).toBe('5155550123');
  });

  it.each(['(312) 555-0199', '312-555-0199', '312.555.0199', '+1 312 555 0199', '+1 (312) 555-0199'])(
    'takes the phone numbers %j as people type them, kept as ten digits',
    (typed) => {
      const load = loadCreateSchema.parse({
        ...valid,
        dispatcherMobileNumber: typed,
        customerMobileNumber: typed,
      });
      expect(load.dispatcherMobileNumber).toBe('3125550199');
      expect(load.customerMobileNumber).toBe('3125550199');
    },
  );

  it.each(['1 (312) 555-0199', '(555) 123-4567', '312-555-0199 ext 2', '+44 20 7946 0958'])(
    'refuses the phone numbers %j with the spec message',
    (typed) => {
      const errors = errorsOf(loadCreateSchema, {
        ...valid,
        dispatcherMobileNumber: typed,
        customerMobileNumber: typed,
      });
      const message = 'Invalid US phone number. Must be 10 digits (with optional +1 prefix)';
      expect(errors.dispatcherMobileNumber).toEqual([message]);
      expect(errors.customerMobileNumber).toEqual([message]);
    },
  );

  it.each([
    ['rateForTitan', -5, 'Should be a positive number'],
    ['rateForCarrier', -0.01, 'Should be a positive number'],
    ['rateForTitan', 'ten', 'Should be a positive number'],
    ['rateForCarrier', '-1', 'Should be a positive number'],
    ['customerName', 'x'.repeat(51), 'Customer name cannot be more than 50 characters'],
    ['customerEmail', `${'x'.repeat(40)}@example.com`, 'Customer email cannot be more than 50 characters'],
    ['customerEmail', 'not-an-email', 'Enter a valid email address'],
    [
      'customerMobileNumber',
      '555-0100',
      'Invalid US phone number. Must be 10 digits (with optional +1 prefix)',
    ],
    ['dispatcherName', 'x'.repeat(51), 'Dispatcher name cannot be more than 50 characters'],
    [
      'dispatcherEmail',
      `${'x'.repeat(40)}@example.com`,
      'Dispatcher email cannot be more than 50 characters',
    ],
    ['dispatcherMobileNumber', '', 'Phone number is required'],
    [
      'dispatcherMobileNumber',
      '+443125550100',
      'Invalid US phone number. Must be 10 digits (with optional +1 prefix)',
    ],
    ['notes', 'x'.repeat(501), 'Notes cannot be more than 500 characters'],
  ])('%s = %j is refused with the spec message', (field, value, message) => {
    expect(errorsOf(loadCreateSchema, { ...valid, [field]: value })[field]).toEqual([message]);
  });

  it('reads only decimal notation as a rate', () => {
    for (const [typed, rate] of [
      ['1200', 1200],
      [' 3.50 ', 3.5],
      ['0', 0],
      ['1000000000', 1_000_000_000],
    ] as const) {
      expect(loadCreateSchema.parse({ ...valid, rateForTitan: typed }).rateForTitan, typed).toBe(rate);
    }
  });

  it.each(['0x10', '1e3', 'Infinity', '-Infinity', ' - ', '+5', '.5', '5.', '1,000', '0b11', 'NaN', '12abc'])(
    'refuses the rate %j with the spec message',
    (typed) => {
      expect(errorsOf(loadCreateSchema, { ...valid, rateForTitan: typed }).rateForTitan).toEqual([
        'Should be a positive number',
      ]);
      expect(errorsOf(loadEditSchema, { ...valid, rateForCarrier: typed }).rateForCarrier).toEqual([
        'Should be a positive number',
      ]);
    },
  );

  it('refuses a rate that is no finite number, or above 1000000000', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, true, {}]) {
      expect(
        errorsOf(loadCreateSchema, { ...valid, rateForTitan: value }).rateForTitan,
        String(value),
      ).toEqual(['Should be a positive number']);
    }
    expect(errorsOf(loadCreateSchema, { ...valid, rateForTitan: 1_000_000_001 }).rateForTitan).toEqual([
      'Our rate cannot be more than 1000000000',
    ]);
    expect(errorsOf(loadCreateSchema, { ...valid, rateForCarrier: '1000000000.5' }).rateForCarrier).toEqual([
      'Carrier rate cannot be more than 1000000000',
    ]);
    expect(errorsOf(loadCreateSchema, { ...valid, rateForCarrier: '9'.repeat(400) }).rateForCarrier).toEqual([
      'Carrier rate cannot be more than 1000000000',
    ]);
  });

  it.each([
    ['originState', 'Origin state cannot be more than 200 characters', 'x'.repeat(201)],
    ['originCity', 'Origin city cannot be more than 200 characters', 'x'.repeat(201)],
    ['destinationState', 'Destination state cannot be more than 200 characters', 'x'.repeat(201)],
    ['destinationCity', 'Destination city cannot be more than 200 characters', 'x'.repeat(10_000)],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '1'],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '2026-02-29'],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '1969-12-31'],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '2201-01-01'],
  ])('%s is refused: %s', (field, message, value) => {
    expect(errorsOf(loadCreateSchema, { ...valid, [field]: value })[field]).toEqual([message]);
  });

  it('takes a leap day of a leap year', () => {
    expect(loadCreateSchema.parse({ ...valid, availabilityDate: '2028-02-29' }).availabilityDate).toBe(
      '2028-02-29T00:00:00.000Z',
    );
  });

  it('requires the required fields, both rate units included', () => {
    const errors = errorsOf(loadCreateSchema, {});
    for (const field of [
      'trailerType',
      'originState',
      'originCity',
      'destinationState',
      'destinationCity',
      'product',
      'rateForTitanUnit',
      'rateForCarrierUnit',
      'dispatcherName',
      'dispatcherEmail',
      'availabilityDate',
    ]) {
      expect(errors[field], field).toBeDefined();
    }
    expect(errors.dispatcherMobileNumber).toEqual(['Phone number is required']);
    for (const field of ['rateForTitan', 'rateForCarrier', 'customerName', 'customerEmail', 'notes']) {
      expect(errors[field], field).toBeUndefined();
    }
  });

  it('refuses values outside the enumerations', () => {
    const errors = errorsOf(loadCreateSchema, { ...valid, product: 'MEDIUM', rateForTitanUnit: 'MILES' });
    expect(errors.product).toBeDefined();
    expect(errors.rateForTitanUnit).toBeDefined();
  });
});

describe('load edit form', () => {
  it("has none of the create form's length maxima but keeps the phone, e-mail and rate rules", () => {
    const long = { ...valid, customerName: 'x'.repeat(80), notes: 'x'.repeat(900) };
    expect(loadEditSchema.safeParse(long).success).toBe(true);
    expect(errorsOf(loadEditSchema, { ...long, customerEmail: 'nope' }).customerEmail).toEqual([
      'Enter a valid email address',
    ]);
    expect(errorsOf(loadEditSchema, { ...long, rateForTitan: -5 }).rateForTitan).toEqual([
      'Should be a positive number',
    ]);
    expect(
      errorsOf(loadEditSchema, { ...long, dispatcherMobileNumber: '12' }).dispatcherMobileNumber,
    ).toEqual(['Invalid US phone number. Must be 10 digits (with optional +1 prefix)']);
  });

  it.each([
    ['originState', 'Origin state cannot be more than 200 characters', 'x'.repeat(201)],
    ['originCity', 'Origin city cannot be more than 200 characters', 'x'.repeat(201)],
    ['destinationState', 'Destination state cannot be more than 200 characters', 'x'.repeat(201)],
    ['destinationCity', 'Destination city cannot be more than 200 characters', 'x'.repeat(201)],
    ['customerName', 'Customer name cannot be more than 200 characters', 'x'.repeat(201)],
    ['customerEmail', 'Customer email cannot be more than 254 characters', `${'x'.repeat(243)}@example.com`],
    ['dispatcherName', 'Dispatcher name cannot be more than 200 characters', 'x'.repeat(201)],
    [
      'dispatcherEmail',
      'Dispatcher email cannot be more than 254 characters',
      `${'x'.repeat(243)}@example.com`,
    ],
    ['notes', 'Notes cannot be more than 2000 characters', 'x'.repeat(2001)],
    ['notes', 'Notes cannot be more than 2000 characters', 'x'.repeat(1_000_000)],
    ['rateForTitan', 'Should be a positive number', '0x10'],
    ['availabilityDate', 'Availability date must be a real date between 1970 and 2200', '2026-02-30'],
  ])('edit and patch refuse %s: %s', (field, message, value) => {
    expect(errorsOf(loadEditSchema, { ...valid, [field]: value })[field]).toEqual([message]);
    const patch = loadPatchSchema.safeParse({ [field]: value });
    expect(patch.success ? {} : fieldErrors(patch.error)[field]).toEqual([message]);
  });

  it('edit takes notes of 2000 characters', () => {
    expect(loadEditSchema.parse({ ...valid, notes: 'x'.repeat(2000) }).notes).toHaveLength(2000);
  });

  it('patch takes a version from 0 to 1000000000 only', () => {
    expect(loadPatchSchema.parse({ version: 1_000_000_000 })).toEqual({ version: 1_000_000_000 });
    const result = loadPatchSchema.safeParse({ version: 1_000_000_001 });
    expect(result.success ? {} : fieldErrors(result.error).version).toEqual([
      'Version cannot be more than 1000000000',
    ]);
    expect(loadPatchSchema.safeParse({ version: -1 }).success).toBe(false);
  });

  it.each([null, undefined, 'rateForTitan=4', 42, []])(
    'patch refuses a body that is no object: %j',
    (body) => {
      expect(loadPatchSchema.safeParse(body).success).toBe(false);
      expect(loadCreateSchema.safeParse(body).success).toBe(false);
    },
  );

  it('patch accepts a subset and refuses unknown fields', () => {
    expect(loadPatchSchema.parse({ rateForTitan: 4, version: 2 })).toEqual({ rateForTitan: 4, version: 2 });
    expect(loadPatchSchema.parse({ customerName: '' })).toEqual({ customerName: null });
    expect(loadPatchSchema.safeParse({ orgId: 'other' }).success).toBe(false);
    expect(loadPatchSchema.safeParse({ rateForCarrier: -1 }).success).toBe(false);
  });
});
