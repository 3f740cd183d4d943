import { type LaneSearchQuery, laneSearchQuerySchema } from '@dispatch/domain';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { lenientSearch } from '../../components/board/board-search';

/**
 * The lane search's URL search params: the API's own parameters (GET /api/v1/lane-search), validated
 * with its schema. Without a valid origin (state and city) the page shows the empty form; a bad
 * filter or radius is dropped on its own (back to its default), as on the boards.
 */
export type LaneSearch = LaneSearchQuery;
export type LaneRouteSearch = Partial<LaneSearch>;

const lenientQuery = lenientSearch(laneSearchQuerySchema);
const keys = [
  'searchType',
  'originState',
  'originCity',
  'originRadius',
  'destinationState',
  'destinationCity',
  'destinationRadius',
  'limit',
  'page',
  'status',
  'trailerType',
  'direction',
  'dateField',
  'startDate',
  'endDate',
  'dateOperation',
  'asOf',
  'createdBy',
] as const satisfies readonly (keyof LaneSearch)[];
const unset = () => Object.fromEntries(keys.map((key) => [key, undefined])) as LaneRouteSearch;

export function validateLaneSearch(raw: Record<string, unknown>): LaneRouteSearch {
  const parsed = laneSearchQuerySchema.safeParse(raw);
  if (parsed.success) return { ...unset(), ...parsed.data };
  const lenient = lenientQuery(raw) as LaneRouteSearch;
  if (!lenient.originState || !lenient.originCity) return unset();
  // Half a destination is no destination: the search goes anywhere.
  if (!lenient.destinationState || !lenient.destinationCity) {
    lenient.destinationState = undefined;
    lenient.destinationCity = undefined;
  }
  return { ...unset(), ...lenient };
}

export const laneRouteSearch = (input: LaneRouteSearch & SearchSchemaInput) =>
  validateLaneSearch(input as Record<string, unknown>);

/** Left out of the URL when they hold. */
export const defaultLaneSearch = {
  limit: 10,
  page: 0,
  searchType: 'trucks',
  originRadius: 100,
  destinationRadius: 100,
} as const satisfies Partial<LaneSearch>;

/** The whole search when the page has one (an origin), else null: the empty form. */
export function activeLaneSearch(search: LaneRouteSearch): LaneSearch | null {
  const valid = validateLaneSearch(search as Record<string, unknown>);
  if (!valid.originState || !valid.originCity) return null;
  return Object.fromEntries(
    Object.entries(valid).filter(([, value]) => value !== undefined && value !== null),
  ) as LaneSearch;
}

/** What the form edits. */
export interface LaneDraft {
  originState: string;
  originCity: string;
  originRadius: string;
  destinationState: string;
  destinationCity: string;
  destinationRadius: string;
  /** No destination: the search goes anywhere. */
  anywhere: boolean;
}

export const draftOf = (search: LaneRouteSearch): LaneDraft => ({
  originState: search.originState ?? '',
  originCity: search.originCity ?? '',
  originRadius: String(search.originRadius ?? 100),
  destinationState: search.destinationState ?? '',
  destinationCity: search.destinationCity ?? '',
  destinationRadius: String(search.destinationRadius ?? 100),
  anywhere: !search.destinationCity,
});

/** The page's next search from the form: the same kind and filters, from the first page. */
export function searchFromDraft(draft: LaneDraft, current: LaneRouteSearch): LaneRouteSearch {
  return {
    ...current,
    originState: draft.originState,
    originCity: draft.originCity.trim(),
    originRadius: Number(draft.originRadius),
    destinationState: draft.anywhere ? undefined : draft.destinationState,
    destinationCity: draft.anywhere ? undefined : draft.destinationCity.trim(),
    destinationRadius: Number(draft.destinationRadius),
    page: 0,
  };
}
