import { describe, expect, it } from 'vitest';
import { loadSearchText, truckSearchText } from './posting-search.ts';

describe('the text a postings list searches', () => {
  it("holds a truck's name, unit number, company, city and state, lowercased", () => {
    expect(
      truckSearchText({
        truckName: 'Big Blue',
        unitNumber: 'U-148',
        companyName: 'Acme Hauling',
        truckCity: 'Pittsburgh',
        truckState: 'PA',
      }),
    ).toBe('big blue u-148 acme hauling pittsburgh, pa pennsylvania');
  });

  it('leaves out what a truck does not have', () => {
    expect(
      truckSearchText({
        truckName: 'Rig',
        unitNumber: null,
        companyName: null,
        truckCity: 'Omaha',
        truckState: 'NE',
      }),
    ).toBe('rig omaha, ne nebraska');
  });

  it("holds a load's product, customer, origin and destination, an absent customer left out", () => {
    expect(
      loadSearchText({
        product: 'HEAVY',
        customerName: null,
        originCity: 'Omaha',
        originState: 'NE',
        destinationCity: 'Kansas City',
        destinationState: 'MO',
      }),
    ).toBe('heavy omaha, ne nebraska kansas city, mo missouri');
  });
});
