import { citiesAnswerSchema, placeNameKey } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/api-client';

/** One place of the gazetteer, as GET /api/v1/cities answers it. */
export type CityPlace = z.output<typeof citiesAnswerSchema>['data'][number];

/**
 * How many places a city search asks for: the most the API gives, so that a typed name the gazetteer
 * knows is among them even when many larger places start with it (see `exactPlace`).
 */
export const CITY_SEARCH_LIMIT = 50;

/** GET /api/v1/cities: a state's places whose name starts with `search`, largest first. */
export async function getCities(state: string, search: string, signal?: AbortSignal): Promise<CityPlace[]> {
  const answer = await request('/api/v1/cities', {
    search: { state, search, limit: CITY_SEARCH_LIMIT },
    signal,
    answer: citiesAnswerSchema,
  });
  return answer.data;
}

export const cityKeys = {
  all: ['cities'] as const,
  search: (state: string, search: string) => ['cities', state, search] as const,
};

/** The gazetteer changes with a release, not while a page is open: a search is asked once. */
export const citiesQueryOptions = (state: string, search: string) =>
  queryOptions({
    queryKey: cityKeys.search(state, search),
    queryFn: ({ signal }) => getCities(state, search, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });

/** The place among `places` that `city` names (the same name, however spelled), if any. */
export function exactPlace(places: readonly CityPlace[], city: string): CityPlace | undefined {
  const key = placeNameKey(city);
  return key ? places.find((place) => placeNameKey(place.name) === key) : undefined;
}
