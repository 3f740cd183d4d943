import { type RateUnit, rateUnitLabels } from '@dispatch/domain';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** "$3.25" and "Tons", or null while the rate is not agreed. */
export function formatRate(rate: number | null, unit: RateUnit): { amount: string; unit: string } | null {
  return rate === null ? null : { amount: dollars.format(rate), unit: rateUnitLabels[unit] };
}
