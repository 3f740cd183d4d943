import { type Load, loadCreateSchema, loadEditSchema } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import { emptyLoadForm, loadPatchOf, loadToFormFields } from './load-form-values';

const load: Load = {
  id: 9,
  version: 2,
  trailerType: 'HIGH_SIDED_HOPPER',
  originState: 'IA',
  originCity: 'Des Moines',
  destinationState: 'IL',
  destinationCity: 'Chicago',
  product: 'HEAVY',
  rateForTitan: 3.25,
  rateForTitanUnit: 'TONS',
  rateForCarrier: null,
  rateForCarrierUnit: 'BUSHELS',
  customerName: null,
  customerCountryCode: '+1',
  customerMobileNumber: null,
  customerEmail: 'orders@example.com',
  dispatcherName: 'Dana',
  dispatcherCountryCode: '+1',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'dana@example.com',
  availabilityDate: '2026-11-21T00:00:00.000Z',
  notes: null,
  createdBy: 'u1',
  updatedBy: 'u1',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('load form values', () => {
  it('start empty with today and +1 for both phone numbers', () => {
    const values = emptyLoadForm(new Date(2026, 10, 21, 9));
    expect(values).toMatchObject({
      availabilityDate: '2026-11-21',
      customerCountryCode: '+1',
      dispatcherCountryCode: '+1',
      rateForTitan: '',
    });
  });

  it('an empty form fails the create schema with the spec messages', () => {
    const result = loadCreateSchema.safeParse(emptyLoadForm());
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('Phone number is required');
    expect(messages).not.toContain('Should be a positive number');
  });

  it('a negative rate typed into the form fails with the spec message', () => {
    const result = loadCreateSchema.safeParse({ ...loadToFormFields(load), rateForTitan: '-5' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rateForTitan', 'Should be a positive number'],
    ]);
  });

  it('round-trip a stored load through the edit schema unchanged', () => {
    const fields = loadToFormFields(load);
    expect(fields).toMatchObject({ rateForTitan: '3.25', rateForCarrier: '', customerName: '' });
    const {
      id: _id,
      version: _v,
      createdBy: _cb,
      updatedBy: _ub,
      createdAt: _ca,
      updatedAt: _ua,
      ...input
    } = load;
    expect(loadEditSchema.parse(fields)).toEqual(input);
  });

  it('patch only the changed fields with the loaded version', () => {
    const parsed = loadEditSchema.parse({ ...loadToFormFields(load), rateForCarrier: '2.5', notes: '' });
    expect(loadPatchOf(parsed, { rateForCarrier: true, notes: false }, 2)).toEqual({
      rateForCarrier: 2.5,
      version: 2,
    });
    expect(loadPatchOf(parsed, {}, 2)).toBeNull();
  });
});
