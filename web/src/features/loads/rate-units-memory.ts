import { type RateUnit, rateUnits } from '@dispatch/domain';
import { recalled, remember } from '../../lib/browser-memory';

/** The two rate units a load form starts with. */
export interface RateUnitChoice {
  rateForTitanUnit: RateUnit;
  rateForCarrierUnit: RateUnit;
}

/**
 * The units an organization last posted a load with, kept in this browser's localStorage under the
 * organization's id (docs/decisions.md#trucks-and-loads): the next load form starts with them, so a
 * rate left empty never fails on its unit. Without a remembered unit, the first of the list.
 */
const keyOf = (organizationId: string) => `dispatch.rateUnits.${organizationId}`;

const unitOr = (value: unknown): RateUnit =>
  (rateUnits as readonly unknown[]).includes(value) ? (value as RateUnit) : rateUnits[0];

export function rememberedRateUnits(organizationId: string): RateUnitChoice {
  const parsed = recalled(keyOf(organizationId));
  // Nothing readable: the first unit for both.
  const stored: Partial<Record<keyof RateUnitChoice, unknown>> =
    parsed && typeof parsed === 'object' ? parsed : {};
  return {
    rateForTitanUnit: unitOr(stored.rateForTitanUnit),
    rateForCarrierUnit: unitOr(stored.rateForCarrierUnit),
  };
}

export function rememberRateUnits(organizationId: string, units: RateUnitChoice): void {
  remember(keyOf(organizationId), {
    rateForTitanUnit: units.rateForTitanUnit,
    rateForCarrierUnit: units.rateForCarrierUnit,
  });
}
