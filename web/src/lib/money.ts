import type { RateUnit } from '@dispatch/domain';

/**
 * An amount's formatter, made at its first use and kept: the browser's first locale formatter sets up
 * its locale data (100 ms and more), which a screen pays when it draws an amount, not when it loads.
 */
const currencyFormat = (fractionDigits: number) => {
  let format: Intl.NumberFormat | undefined;
  return {
    format: (amount: number) => {
      format ??= new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      });
      return format.format(amount);
    },
  };
};

/** Dollars and cents: "$1.10", "$2,400.50". */
const cents = currencyFormat(2);

/** Whole dollars: "$2,400". */
const dollars = currencyFormat(0);

/** What follows the amount for each rate unit (docs/decisions.md#trucks-and-loads). */
export const rateUnitWords: Record<RateUnit, string> = {
  TONS: '/ ton',
  BUSHELS: '/ bushel',
  FLAT_RATE: 'flat',
};

/** An amount of money with its cents: "$1.10", "$2,400.00". */
export function formatMoney(amount: number): string {
  return cents.format(amount);
}

/**
 * A rate's amount and unit words, apart so a screen can style them: a rate per ton or bushel always
 * with its cents ("$1.10", "/ bushel"), a flat rate in whole dollars when it has no cents ("$2,400",
 * "flat"). Null while the rate is not agreed.
 */
export function formatRate(rate: number | null, unit: RateUnit): { amount: string; unit: string } | null {
  if (rate === null) return null;
  const whole = unit === 'FLAT_RATE' && Math.round(rate * 100) % 100 === 0;
  return { amount: whole ? dollars.format(rate) : cents.format(rate), unit: rateUnitWords[unit] };
}

/** A rate in one line: "$1.10 / bushel", "$2,400 flat"; null while it is not agreed. */
export function rateText(rate: number | null, unit: RateUnit): string | null {
  const parts = formatRate(rate, unit);
  return parts ? `${parts.amount} ${parts.unit}` : null;
}

/** Estimated trip miles: "812 mi est."; null for a load with none (an end not on the map). */
export function tripMilesText(miles: number | null | undefined): string | null {
  return miles == null ? null : `${miles.toLocaleString('en-US')} mi est.`;
}

/** A rate per mile: "$2.95/mi". */
export const perMileText = (perMile: number) => `${cents.format(perMile)}/mi`;

/** A load's margin in its unit: "$400 flat", "$0.35 / ton"; null when it has none (or the caller may not see it). */
export function marginText(load: { margin?: number | null; marginUnit?: RateUnit | null }): string | null {
  return load.margin == null || !load.marginUnit ? null : rateText(load.margin, load.marginUnit);
}
