import type { TrailerType } from '../shared/enums.ts';
import { trailerTypeLabels } from '../shared/enums.ts';
import { roundMiles } from '../shared/geo.ts';
import { MATCH_HEADING_MILES, type MatchReason } from './schemas.ts';

/** What the matching rule reads of a truck. */
export interface MatchingTruck {
  id: number;
  trailerType: TrailerType;
  /** The board's "available" switch: an unavailable truck matches nothing. */
  status: boolean;
  availabilityDate: string;
}

/** What the matching rule reads of a load. */
export interface MatchingLoad {
  id: number;
  trailerType: TrailerType;
  availabilityDate: string;
}

/**
 * The distances between a truck and a load: `deadheadMiles` from the truck's city to the load's
 * origin (straight line); `headingMiles` from the truck's preferred destination to the load's
 * destination, null when the truck names no preferred destination (it goes anywhere), and
 * Infinity when it names one the map does not know, or the load's destination is not on the map.
 */
export interface MatchingMiles {
  deadheadMiles: number;
  headingMiles: number | null;
}

export interface MatchFit {
  /** Straight-line miles, exact (the answers round them to a tenth). */
  deadheadMiles: number;
  headingMiles: number | null;
  /** Whole days the truck is free before the load's date (0: the same day). */
  daysBefore: number;
  reasons: { code: MatchReason; text: string }[];
}

const DAY_MS = 86_400_000;
/** The calendar day (UTC) of an ISO date or instant, as a day number. */
const dayOf = (value: string) => Math.floor(Date.parse(value.slice(0, 10)) / DAY_MS);

/** One formatter for every reason: `toLocaleString` with options builds a new one each call. */
const milesFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const miles = (value: number) => `${milesFormat.format(roundMiles(value))} mi`;

/**
 * docs/decisions.md "Matches": a truck fits a load when it is available (status), has the load's
 * trailer type, stands within `deadheadLimit` miles of the load's origin, is free on or before the
 * load's date, and either names no preferred destination or prefers one within 150 miles of the
 * load's destination. Null when it does not fit; else the figures and the reasons it fits.
 */
export function truckFitsLoad(
  truck: MatchingTruck,
  load: MatchingLoad,
  distances: MatchingMiles,
  deadheadLimit: number,
): MatchFit | null {
  if (!truck.status || truck.trailerType !== load.trailerType) return null;
  if (!(distances.deadheadMiles <= deadheadLimit)) return null;
  const daysBefore = dayOf(load.availabilityDate) - dayOf(truck.availabilityDate);
  if (!(daysBefore >= 0)) return null;
  const { headingMiles } = distances;
  if (headingMiles !== null && !(headingMiles <= MATCH_HEADING_MILES)) return null;
  return {
    deadheadMiles: distances.deadheadMiles,
    headingMiles,
    daysBefore,
    reasons: [
      { code: 'trailerType', text: `${trailerTypeLabels[load.trailerType]} trailer` },
      { code: 'deadhead', text: `${miles(distances.deadheadMiles)} deadhead (straight line)` },
      {
        code: 'available',
        text:
          daysBefore === 0
            ? 'Available on the load date'
            : `Available ${daysBefore} day${daysBefore === 1 ? '' : 's'} before the load date`,
      },
      headingMiles === null
        ? { code: 'anyDestination', text: 'Goes anywhere' }
        : { code: 'heading', text: `Heading there: preferred destination ${miles(headingMiles)} away` },
    ],
  };
}

/**
 * docs/decisions.md "Matches": the ranking of fits, best first: the shorter deadhead (exact miles:
 * the answers round them); then a truck heading to the load's destination before one that goes anywhere;
 * then the availability closest to the load's date; then the lower id of the other side.
 */
export function compareMatches(a: MatchFit & { id: number }, b: MatchFit & { id: number }): number {
  const heading = (fit: MatchFit) => (fit.headingMiles === null ? 1 : 0);
  return (
    a.deadheadMiles - b.deadheadMiles || heading(a) - heading(b) || a.daysBefore - b.daysBefore || a.id - b.id
  );
}
