import { type RateUnit, rateUnits } from '@dispatch/domain';

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

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

const unitOr = (value: unknown): RateUnit =>
  (rateUnits as readonly unknown[]).includes(value) ? (value as RateUnit) : rateUnits[0];

export function rememberedRateUnits(organizationId: string): RateUnitChoice {
  let stored: Partial<Record<keyof RateUnitChoice, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(keyOf(organizationId)) ?? 'null');
    if (parsed && typeof parsed === 'object') stored = parsed;
  } catch {
    // Unreadable: the first unit for both.
  }
  return {
    rateForTitanUnit: unitOr(stored.rateForTitanUnit),
    rateForCarrierUnit: unitOr(stored.rateForCarrierUnit),
  };
}

export function rememberRateUnits(organizationId: string, units: RateUnitChoice): void {
  try {
    storage()?.setItem(
      keyOf(organizationId),
      JSON.stringify({
        rateForTitanUnit: units.rateForTitanUnit,
        rateForCarrierUnit: units.rateForCarrierUnit,
      }),
    );
  } catch {
    // A full or refused storage only costs the preselection.
  }
}
