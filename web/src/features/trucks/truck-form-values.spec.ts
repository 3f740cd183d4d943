import { type Truck, truckCreateSchema, truckEditSchema } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import { cityOptions, emptyTruckForm, truckPatchOf, truckToFormFields } from './truck-form-values';

const truck: Truck = {
  id: 7,
  version: 3,
  trailerType: 'FLATBED',
  companyName: null,
  unitNumber: 'U-12',
  truckName: 'Big Blue',
  truckState: 'TX',
  truckCity: 'Dallas',
  preferedState: null,
  preferedCity: null,
  direction: 'NORTH',
  status: true,
  availabilityDate: '2026-11-21T00:00:00.000Z',
  dispatcherName: 'Dana',
  dispatcherCountryCode: '+1',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'dana@example.com',
  notes: null,
  createdBy: 'u1',
  updatedBy: 'u1',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('truck form values', () => {
  it('start empty with today, available and +1', () => {
    const values = emptyTruckForm(new Date(2026, 10, 21, 9));
    expect(values.availabilityDate).toBe('2026-11-21');
    expect(values.status).toBe(true);
    expect(values.dispatcherCountryCode).toBe('+1');
  });

  it('an empty form fails the create schema with the spec messages', () => {
    const result = truckCreateSchema.safeParse(emptyTruckForm());
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('Phone number is required');
  });

  it('round-trip a stored truck through the edit schema unchanged', () => {
    const fields = truckToFormFields(truck);
    expect(fields).toMatchObject({ companyName: '', availabilityDate: '2026-11-21', direction: 'NORTH' });
    const parsed = truckEditSchema.parse(fields);
    expect(parsed).toMatchObject({
      companyName: null,
      preferedState: null,
      notes: null,
      direction: 'NORTH',
      availabilityDate: '2026-11-21T00:00:00.000Z',
    });
  });

  it('patch only the changed fields with the loaded version', () => {
    const parsed = truckEditSchema.parse({ ...truckToFormFields(truck), truckName: 'Big Red', notes: '' });
    expect(truckPatchOf(parsed, { truckName: true, notes: false }, 3)).toEqual({
      truckName: 'Big Red',
      version: 3,
    });
    expect(truckPatchOf(parsed, {}, 3)).toBeNull();
  });

  it('list the cities of the chosen state, keeping an unknown stored city', () => {
    expect(cityOptions('TX')).toContain('Dallas');
    expect(cityOptions('TX')).not.toContain('Chicago');
    expect(cityOptions('TX', 'Waco')).toContain('Waco');
    expect(cityOptions('')).toEqual([]);
  });
});
