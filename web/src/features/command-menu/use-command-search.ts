import type { EnvelopeAnswer, Load, Truck } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { defaultLoadsSearch, loadQueryOptions, loadsQueryOptions } from '../loads';
import { envelopeQueryOptions, envelopesQueryOptions } from '../sign-pro';
import { defaultTrucksSearch, truckQueryOptions, trucksQueryOptions } from '../trucks';
import { lookupOf, uniqueBy } from './command-items';

/** How long typing must pause before the lists are asked. */
const SEARCH_DELAY_MS = 250;
/** Results of each kind shown. */
const RESULTS = 5;

/** The organization's trucks, loads and envelopes a query finds, asked once typing pauses. */
export function useCommandSearch(organizationId: string, query: string, envelopesAllowed: boolean) {
  const settled = useDebouncedValue(query, SEARCH_DELAY_MS);
  const lookup = lookupOf(settled);
  const text = lookup.text ?? '';
  const byText = lookup.text !== null;
  const quiet = { retry: false, staleTime: 10_000 } as const;
  const trucksByName = useQuery({
    ...trucksQueryOptions(organizationId, { ...defaultTrucksSearch, search: text, limit: RESULTS }),
    ...quiet,
    enabled: byText,
  });
  const trucksByUnit = useQuery({
    ...trucksQueryOptions(organizationId, { ...defaultTrucksSearch, unitNumber: text, limit: RESULTS }),
    ...quiet,
    enabled: byText,
  });
  const loads = useQuery({
    ...loadsQueryOptions(organizationId, { ...defaultLoadsSearch, search: text, limit: RESULTS }),
    ...quiet,
    enabled: byText,
  });
  const envelopes = useQuery({
    ...envelopesQueryOptions(organizationId, {
      page: 1,
      limit: RESULTS,
      orderBy: 'updatedAt',
      sort: 'desc',
      search: text,
    }),
    ...quiet,
    enabled: byText && envelopesAllowed,
  });
  const truckById = useQuery({
    ...truckQueryOptions(organizationId, lookup.id ?? 0),
    ...quiet,
    enabled: lookup.id !== null,
  });
  const loadById = useQuery({
    ...loadQueryOptions(organizationId, lookup.id ?? 0),
    ...quiet,
    enabled: lookup.id !== null,
  });
  const envelopeById = useQuery({
    ...envelopeQueryOptions(organizationId, lookup.envelopeId ?? ''),
    ...quiet,
    enabled: lookup.envelopeId !== null && envelopesAllowed,
  });

  // Answers to an older query stay in place while the next is asked (the lists keep previous data):
  // shown only while they answer the settled query.
  const current = settled.trim() === query.trim();
  const ok = <T>(result: { data?: T; isPlaceholderData?: boolean; isSuccess: boolean }, enabled: boolean) =>
    enabled && current && result.isSuccess && !result.isPlaceholderData ? result.data : undefined;

  const trucks = uniqueBy<Truck>(
    [
      ...(lookup.id !== null ? [ok(truckById, true)].filter((truck): truck is Truck => !!truck) : []),
      ...(ok(trucksByName, byText)?.data ?? []),
      ...(ok(trucksByUnit, byText)?.data ?? []),
    ],
    (truck) => truck.id,
  ).slice(0, RESULTS);
  const foundLoads = uniqueBy<Load>(
    [
      ...(lookup.id !== null ? [ok(loadById, true)].filter((load): load is Load => !!load) : []),
      ...(ok(loads, byText)?.data ?? []),
    ],
    (load) => load.id,
  ).slice(0, RESULTS);
  const foundEnvelopes = uniqueBy<EnvelopeAnswer>(
    [
      ...(lookup.envelopeId !== null && envelopesAllowed
        ? [ok(envelopeById, true)].filter((envelope): envelope is EnvelopeAnswer => !!envelope)
        : []),
      ...(ok(envelopes, byText && envelopesAllowed)?.data ?? []),
    ],
    (envelope) => envelope.envelopeId,
  ).slice(0, RESULTS);

  const asking = byText || lookup.id !== null || lookup.envelopeId !== null;
  const searching =
    query.trim() !== settled.trim() ||
    (asking &&
      [trucksByName, trucksByUnit, loads, envelopes, truckById, loadById, envelopeById].some(
        (result) => result.isFetching,
      ));
  return {
    trucks,
    loads: foundLoads,
    envelopes: foundEnvelopes,
    searching: searching && lookupOf(query).text !== null,
  };
}
