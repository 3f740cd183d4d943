import { describe, expect, it } from 'vitest';
import { describeSearch, suggestedName } from './saved-search-wording';

describe('what a saved search looks for, in words', () => {
  it('describes a board’s filters', () => {
    expect(
      describeSearch('trucks', {
        trailerType: ['FLATBED', 'LOW_SIDED_HOPPER'],
        status: 'true',
        direction: 'NORTH',
        search: 'pete',
        startDate: '2026-11-21T00:00:00.000Z',
        dateField: 'availableDate',
      }),
    ).toBe('Flatbed or Low Sided Hopper · Available · heading North · “pete” · available from Nov 21, 2026');
    expect(describeSearch('loads', { product: ['HEAVY'] })).toBe('Heavy');
    expect(describeSearch('loads', {})).toBe('');
  });

  it('describes a radius search by its place, and a backhaul by its destination', () => {
    expect(
      describeSearch('radius', { state: 'IL', city: 'Chicago', radius: 150, searchType: 'trucks' }),
    ).toBe('Trucks within 150 mi of Chicago, IL');
    expect(
      describeSearch('radius', {
        state: 'TX',
        city: 'Dallas',
        radius: 50,
        searchType: 'loads',
        around: 'destination',
      }),
    ).toBe('Loads within 50 mi of Dallas, TX (by destination)');
  });

  it('suggests a name within the 50 characters a name may have', () => {
    expect(suggestedName('trucks', {})).toBe('All trucks');
    expect(suggestedName('loads', { product: ['LIGHT'] })).toBe('Loads: Light');
    const long = suggestedName('trucks', {
      trailerType: ['FLATBED', 'LOW_SIDED_HOPPER', 'HIGH_SIDED_HOPPER'],
      status: 'true',
    });
    expect(long).toHaveLength(50);
    expect(long.endsWith('…')).toBe(true);
  });
});
