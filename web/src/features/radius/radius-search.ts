import {
  type Direction,
  directions,
  oneOrMany,
  type RadiusSearchQuery,
  radiusSearchQuerySchema,
} from '@dispatch/domain';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { lenientSearch } from '../../components/board/board-search';

/**
 * The radius search's URL search params: the API's own parameters (GET /api/v1/radius-search),
 * validated with its schema. docs/rules.md: "If state, city or radius are missing or invalid, the search
 * params are dropped": a shared or hand-edited link with `radius=9000` opens the empty form, with no
 * error. With the three in place, a bad filter is dropped on its own (back to its default), as on the
 * boards. Pages start at 0.
 */
export type RadiusSearch = RadiusSearchQuery;
/** The page's search: a whole search, or nothing (the empty form). */
export type RadiusRouteSearch = Partial<RadiusSearch>;

const { state, city, radius } = radiusSearchQuerySchema.shape;

/** The place of a search: state, city and radius, each valid; null when any is missing or invalid. */
export function validPlace(
  raw: Record<string, unknown>,
): Pick<RadiusSearch, 'state' | 'city' | 'radius'> | null {
  const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);
  const parsed = {
    state: state.safeParse(raw.state),
    city: city.safeParse(asText(raw.city)),
    radius: radius.safeParse(asText(raw.radius)),
  };
  if (!parsed.state.success || !parsed.city.success || !parsed.radius.success) return null;
  return { state: parsed.state.data, city: parsed.city.data, radius: parsed.radius.data };
}

const lenientQuery = lenientSearch(radiusSearchQuerySchema);

/**
 * Every param of the search, unset. The router lays a route's validated search over the raw one
 * from the URL: a param the validator drops must be set to undefined, or its raw value shows through.
 */
const unset = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, undefined])) as Partial<Record<K, undefined>>;
const radiusKeys = Object.keys(radiusSearchQuerySchema.shape) as (keyof RadiusSearch)[];

export function validateRadiusSearch(raw: Record<string, unknown>): RadiusRouteSearch {
  const place = validPlace(raw);
  if (!place) return unset(radiusKeys);
  const search: RadiusRouteSearch = { ...unset(radiusKeys), ...lenientQuery(raw), ...place };
  // Each kind keeps only what applies to it: a truck has no end to measure from, a load no status.
  if (search.searchType === 'trucks') search.around = 'origin';
  else search.status = undefined;
  return search;
}

/** The route's validator: links are typed with every param optional (SearchSchemaInput). */
export const radiusRouteSearch = (input: RadiusRouteSearch & SearchSchemaInput) =>
  validateRadiusSearch(input as Record<string, unknown>);

/** Left out of the URL when they hold: `/{slug}/radius?state=IL&city=Chicago&radius=200`. */
export const defaultRadiusSearch = {
  limit: 10,
  page: 0,
  searchType: 'trucks',
  around: 'origin',
} as const satisfies Partial<RadiusSearch>;

/**
 * The whole search when the page has one (state, city and radius), else null: the empty form. Read
 * afresh from the page's search, so that nothing but the API's parameters is ever sent.
 */
export function activeRadiusSearch(search: RadiusRouteSearch): RadiusSearch | null {
  const valid = validateRadiusSearch(search);
  return valid.state !== undefined ? withoutUnset(valid as RadiusSearch) : null;
}

/** The search without its unset params: what goes into a query key and the URL. */
function withoutUnset<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as T;
}

/** What the search form edits; the rest of the search (filters, paging) is kept or reset around it. */
export interface RadiusPlaceDraft {
  state: string;
  city: string;
  radius: string;
  searchType: RadiusSearch['searchType'];
  around: RadiusSearch['around'];
}

export type RadiusPlaceErrors = Partial<Record<'state' | 'city' | 'radius', string>>;

/** The form's fields checked with the API's own messages ("City is required", RADIUS_MESSAGE…). */
export function checkPlaceForm(form: RadiusPlaceDraft): RadiusPlaceErrors {
  const errors: RadiusPlaceErrors = {};
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? undefined : result.error?.issues[0]?.message;
  const stateError = first(state.safeParse(form.state));
  const cityError = first(city.safeParse(form.city));
  const radiusError = first(radius.safeParse(form.radius.trim()));
  if (stateError) errors.state = stateError;
  if (cityError) errors.city = cityError;
  if (radiusError) errors.radius = radiusError;
  return errors;
}

/**
 * The search a submitted form opens. The same place and kind keep the filters (back on page 0);
 * another kind drops those that do not apply to it (a load has no status).
 */
export function searchFromForm(form: RadiusPlaceDraft, current: RadiusRouteSearch): RadiusRouteSearch {
  return withoutUnset(
    validateRadiusSearch({
      ...current,
      state: form.state,
      city: form.city.trim(),
      radius: form.radius.trim(),
      searchType: form.searchType,
      around: form.around,
      page: 0,
    }),
  );
}

/* ------------------------------------------------------------------------------------------------ */
/* Radius 360: one city's surroundings, trucks and loads together.                                   */
/* ------------------------------------------------------------------------------------------------ */

/** The all-around view's params: the place, and the compass sectors its list is narrowed to. */
export interface Radius360Search {
  state: string;
  city: string;
  radius: number;
  direction?: Direction[];
}
export type Radius360RouteSearch = Partial<Radius360Search>;

const directionParam = oneOrMany([...directions]);

/** As the radius search: without a valid state, city and radius, nothing is kept. */
const radius360Keys = ['state', 'city', 'radius', 'direction'] as const;

export function validateRadius360Search(raw: Record<string, unknown>): Radius360RouteSearch {
  const place = validPlace(raw);
  if (!place) return unset(radius360Keys);
  const direction = directionParam.safeParse(
    Array.isArray(raw.direction) ? raw.direction.map(String) : raw.direction,
  );
  return { ...place, direction: direction.success ? direction.data : undefined };
}

export const radius360RouteSearch = (input: Radius360RouteSearch & SearchSchemaInput) =>
  validateRadius360Search(input as Record<string, unknown>);

export function activeRadius360Search(search: Radius360RouteSearch): Radius360Search | null {
  const valid = validateRadius360Search(search);
  return valid.state !== undefined ? withoutUnset(valid as Radius360Search) : null;
}

/**
 * The API's largest page: the all-around view fetches the nearest 100 trucks and the nearest 100
 * loads of the place, one call each.
 */
export const RADIUS_360_LIMIT = 100;

/** The two searches behind the all-around view, optionally narrowed to compass sectors. */
export function radius360Queries(
  search: Radius360Search,
  direction: Direction[] | undefined = undefined,
): { trucks: RadiusSearch; loads: RadiusSearch } {
  const base = {
    state: search.state,
    city: search.city,
    radius: search.radius,
    limit: RADIUS_360_LIMIT,
    page: 0,
    around: 'origin',
    ...(direction?.length ? { direction } : {}),
  } as const;
  return {
    trucks: { ...base, searchType: 'trucks' },
    loads: { ...base, searchType: 'loads' },
  };
}
