import { describe, expect, it } from 'vitest';
import { loadCreateSchema, loadPatchSchema } from '../loads/schemas.ts';
import { radiusSearchQuerySchema } from '../radius/schemas.ts';
import { truckCreateSchema, truckEditSchema, truckPatchSchema } from '../trucks/schemas.ts';
import { fieldErrors } from './fields.ts';
import { optionalUsState, US_STATES, usState, usStateCode, usStateName } from './us-states.ts';

describe('US_STATES', () => {
  it('lists the 50 states and DC once each, by two-letter code', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((state) => state.code)).size).toBe(51);
    for (const state of US_STATES) expect(state.code).toMatch(/^[A-Z]{2}$/);
    expect(usStateName('dc')).toBe('District of Columbia');
    expect(usStateName('IL')).toBe('Illinois');
    expect(usStateName('PR')).toBeUndefined();
  });
});

describe('the state rule', () => {
  it('reads a state or DC by code or full name, in any case and spacing, as its two-letter code', () => {
    for (const [typed, code] of [
      ['TX', 'TX'],
      [' tx', 'TX'],
      ['Texas', 'TX'],
      ['TEXAS', 'TX'],
      ['new mexico', 'NM'],
      ['  New   Mexico ', 'NM'],
      ['district of columbia', 'DC'],
      ['dc', 'DC'],
    ] as const) {
      expect(usStateCode(typed)).toBe(code);
      expect(usState('Truck state').parse(typed)).toBe(code);
    }
    for (const state of US_STATES) {
      expect(usStateCode(state.code.toLowerCase())).toBe(state.code);
      expect(usStateCode(state.name.toUpperCase())).toBe(state.code);
    }
  });

  it('refuses anything else with one message naming the field, and keeps the required message', () => {
    for (const typed of ['XX', 'zz', 'Tex', 'Tex.', 'PR', 'Puerto Rico', 'NewMexico', 'T X']) {
      expect(usStateCode(typed)).toBeUndefined();
      const result = usState('Truck state').safeParse(typed);
      expect(result.success ? result.data : fieldErrors(result.error)).toEqual({
        _: ['Truck state must be a US state or DC'],
      });
    }
    const empty = usState('Truck state').safeParse('  ');
    expect(empty.success ? empty.data : empty.error.issues.map((issue) => issue.message)).toEqual([
      'Truck state is required',
    ]);
    expect(optionalUsState('Preferred state').parse('')).toBeNull();
    expect(optionalUsState('Preferred state').parse(null)).toBeNull();
    expect(optionalUsState('Preferred state').parse(undefined)).toBeNull();
    expect(optionalUsState('Preferred state').parse('illinois')).toBe('IL');
    expect(optionalUsState('Preferred state').safeParse('Illinoise').success).toBe(false);
  });

  it('is the rule of every state field: trucks, loads and the radius search', () => {
    const truck = {
      trailerType: 'FLATBED',
      truckName: 'Big Blue',
      truckState: ' tx',
      truckCity: 'Enderlin',
      preferedState: 'new mexico',
      availabilityDate: '2026-11-21',
      dispatcherName: 'Dana',
      dispatcherMobileNumber: '3125550100',
      dispatcherEmail: 'dana@example.com',
    };
    expect(truckCreateSchema.parse(truck)).toMatchObject({ truckState: 'TX', preferedState: 'NM' });
    expect(truckEditSchema.parse({ ...truck, status: true })).toMatchObject({ truckState: 'TX' });
    expect(truckPatchSchema.parse({ truckState: 'Texas' })).toEqual({ truckState: 'TX' });
    const refused = truckCreateSchema.safeParse({ ...truck, truckState: 'XX', preferedState: 'TEXASS' });
    expect(refused.success ? {} : fieldErrors(refused.error)).toEqual({
      truckState: ['Truck state must be a US state or DC'],
      preferedState: ['Preferred state must be a US state or DC'],
    });
    const load = loadCreateSchema.safeParse({ originState: 'zz', destinationState: 'illinois' });
    const loadErrors = load.success ? {} : fieldErrors(load.error);
    expect(loadErrors.originState).toEqual(['Origin state must be a US state or DC']);
    expect(loadErrors.destinationState).toBeUndefined();
    expect(loadPatchSchema.parse({ destinationState: 'IOWA' })).toEqual({ destinationState: 'IA' });
    const patch = loadPatchSchema.safeParse({ destinationState: 'XX' });
    expect(patch.success ? {} : fieldErrors(patch.error)).toEqual({
      destinationState: ['Destination state must be a US state or DC'],
    });
    const radius = { city: 'Austin', radius: '50' };
    expect(radiusSearchQuerySchema.parse({ ...radius, state: 'texas' }).state).toBe('TX');
    const noState = radiusSearchQuerySchema.safeParse(radius);
    expect(noState.success ? {} : fieldErrors(noState.error).state).toEqual(['State is required']);
    const badState = radiusSearchQuerySchema.safeParse({ ...radius, state: 'TEXAS!' });
    expect(badState.success ? {} : fieldErrors(badState.error).state).toEqual([
      'State must be a US state or DC',
    ]);
  });
});
