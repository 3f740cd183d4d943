import { describe, expect, it } from 'vitest';
import { actionOf, fieldLabel, valueText } from './change-wording';

describe('history wording', () => {
  it("names fields as the forms do, and spells out ones it doesn't know", () => {
    expect(fieldLabel('truckName')).toBe('Truck name');
    expect(fieldLabel('rateForCarrierUnit')).toBe('Carrier rate unit');
    expect(fieldLabel('rateForTitan')).toBe('Our rate');
    expect(fieldLabel('someNewField')).toBe('Some new field');
  });

  it('shows values with the labels and date format of the screens', () => {
    expect(valueText('trailerType', 'HIGH_SIDED_HOPPER')).toBe('High Sided Hopper');
    expect(valueText('direction', 'NORTH_EAST')).toBe('North East');
    expect(valueText('rateForTitanUnit', 'FLAT_RATE')).toBe('Flat Rate');
    expect(valueText('dispatcherMobileNumber', '3125550199')).toBe('(312) 555-0199');
    expect(valueText('status', false)).toBe('Not available');
    expect(valueText('availabilityDate', '2026-11-21T00:00:00.000Z')).toBe('Nov 21, 2026');
    expect(valueText('notes', null)).toBe('—');
    expect(valueText('rateForTitan', 3.5)).toBe('$3.50');
    expect(valueText('rateForCarrier', 2400)).toBe('$2,400.00');
  });

  it('words the events', () => {
    expect(actionOf('TruckPosted')).toBe('posted');
    expect(actionOf('LoadUpdated')).toBe('edited');
    expect(actionOf('TruckRemoved')).toBe('removed');
  });
});
