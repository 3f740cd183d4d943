import type { MemberRole, RateUnit } from '../shared/enums.ts';
import type { Load } from './schemas.ts';

/** What a deadhead distance is labelled with wherever it is shown: it is measured as the crow flies. */
export const DEADHEAD_LABEL = 'deadhead, straight line';

/** Money to the cent. */
const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * A rate per mile: a flat rate spread over the load's trip miles, to the cent. Null for a rate per
 * ton or per bushel (it does not depend on the miles), for a missing rate, and for a load with no
 * trip miles (not on the map, or going nowhere).
 */
export function ratePerMile(rate: number | null, unit: RateUnit, miles: number | null): number | null {
  if (rate == null || unit !== 'FLAT_RATE' || miles == null || miles <= 0) return null;
  return cents(rate / miles);
}

/** A load's margin: our rate minus the carrier's, in their unit; none when a rate is missing or the units differ. */
export type LoadMargin = {
  margin: number | null;
  marginUnit: RateUnit | null;
};

export function loadMargin(
  load: Pick<Load, 'rateForTitan' | 'rateForTitanUnit' | 'rateForCarrier' | 'rateForCarrierUnit'>,
): LoadMargin {
  const { rateForTitan, rateForTitanUnit, rateForCarrier, rateForCarrierUnit } = load;
  if (rateForTitan == null || rateForCarrier == null || rateForTitanUnit !== rateForCarrierUnit)
    return { margin: null, marginUnit: null };
  return { margin: cents(rateForTitan - rateForCarrier), marginUnit: rateForTitanUnit };
}

/** A load's miles and money as the loads list keeps and answers them. */
export type LoadMilesAndMoney = LoadMargin & {
  tripMiles: number | null;
  ratePerMile: number | null;
  carrierRatePerMile: number | null;
};

export function loadMilesAndMoney(
  load: Pick<Load, 'rateForTitan' | 'rateForTitanUnit' | 'rateForCarrier' | 'rateForCarrierUnit'>,
  tripMiles: number | null,
): LoadMilesAndMoney {
  return {
    tripMiles,
    ratePerMile: ratePerMile(load.rateForTitan, load.rateForTitanUnit, tripMiles),
    carrierRatePerMile: ratePerMile(load.rateForCarrier, load.rateForCarrierUnit, tripMiles),
    ...loadMargin(load),
  };
}

/**
 * Who sees a load's margin (docs/decisions.md#trip-miles-rate-per-mile-and-margin): owners, admins and
 * Member+, and the organization's API keys (made by owners and admins). A plain member sees both
 * rates, as everyone does, but not the margin: the answers leave it out and the list refuses to
 * sort or filter by it.
 */
export const marginRoles = ['owner', 'admin', 'memberPlus'] as const satisfies MemberRole[];
export const canSeeMargin = (caller: MemberRole | 'apiKey' | null | undefined) =>
  caller === 'apiKey' || (marginRoles as readonly (string | null | undefined)[]).includes(caller);

export const MARGIN_FORBIDDEN_MESSAGE = 'Only owners, admins and Member+ may see the margin';
