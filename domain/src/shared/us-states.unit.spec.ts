import { describe, expect, it } from 'vitest';
import { US_STATES, usStateName } from './us-states.ts';

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
