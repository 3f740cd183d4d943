import { describe, expect, it } from 'vitest';
import { canSeeMargin, loadMargin, loadMilesAndMoney, ratePerMile } from './money.ts';

const rates = (
  rateForTitan: number | null,
  rateForTitanUnit: 'TONS' | 'BUSHELS' | 'FLAT_RATE',
  rateForCarrier: number | null,
  rateForCarrierUnit: 'TONS' | 'BUSHELS' | 'FLAT_RATE',
) => ({ rateForTitan, rateForTitanUnit, rateForCarrier, rateForCarrierUnit });

describe('rate per mile', () => {
  it('spreads a flat rate over the trip miles, to the cent', () => {
    expect(ratePerMile(2400, 'FLAT_RATE', 812)).toBe(2.96);
    expect(ratePerMile(1000, 'FLAT_RATE', 3)).toBe(333.33);
  });

  it('is none for a rate per ton or per bushel, a missing rate, or a load without miles', () => {
    expect(ratePerMile(45, 'TONS', 812)).toBeNull();
    expect(ratePerMile(0.6, 'BUSHELS', 812)).toBeNull();
    expect(ratePerMile(null, 'FLAT_RATE', 812)).toBeNull();
    expect(ratePerMile(2400, 'FLAT_RATE', null)).toBeNull();
    expect(ratePerMile(2400, 'FLAT_RATE', 0)).toBeNull();
  });
});

describe('margin', () => {
  it('is our rate minus the carrier rate when both are in the same unit', () => {
    expect(loadMargin(rates(2400, 'FLAT_RATE', 2050.5, 'FLAT_RATE'))).toEqual({
      margin: 349.5,
      marginUnit: 'FLAT_RATE',
    });
    expect(loadMargin(rates(0.3, 'TONS', 0.1, 'TONS'))).toEqual({ margin: 0.2, marginUnit: 'TONS' });
    // A load carried at a loss has a negative margin.
    expect(loadMargin(rates(40, 'BUSHELS', 42, 'BUSHELS'))).toEqual({ margin: -2, marginUnit: 'BUSHELS' });
  });

  it('is none when the units differ or a rate is missing', () => {
    expect(loadMargin(rates(2400, 'FLAT_RATE', 30, 'TONS'))).toEqual({ margin: null, marginUnit: null });
    expect(loadMargin(rates(null, 'FLAT_RATE', 2000, 'FLAT_RATE'))).toEqual({
      margin: null,
      marginUnit: null,
    });
    expect(loadMargin(rates(2400, 'FLAT_RATE', null, 'FLAT_RATE'))).toEqual({
      margin: null,
      marginUnit: null,
    });
  });

  it('is seen by owners, admins, Member+ and API keys, not by plain members', () => {
    expect(['owner', 'admin', 'memberPlus', 'apiKey'].map((role) => canSeeMargin(role as 'owner'))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(canSeeMargin('member')).toBe(false);
    expect(canSeeMargin(null)).toBe(false);
    expect(canSeeMargin(undefined)).toBe(false);
  });
});

describe('a load’s miles and money', () => {
  it('gives each rate its own rate per mile', () => {
    expect(loadMilesAndMoney(rates(2400, 'FLAT_RATE', 2000, 'FLAT_RATE'), 800)).toEqual({
      tripMiles: 800,
      ratePerMile: 3,
      carrierRatePerMile: 2.5,
      margin: 400,
      marginUnit: 'FLAT_RATE',
    });
    expect(loadMilesAndMoney(rates(2400, 'FLAT_RATE', 30, 'TONS'), 800)).toEqual({
      tripMiles: 800,
      ratePerMile: 3,
      carrierRatePerMile: null,
      margin: null,
      marginUnit: null,
    });
  });
});
