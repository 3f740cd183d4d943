import { type EnvelopeAnswer, postingSearchAnswerSchema } from '@dispatch/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { envelopeQueryOptions, envelopesQueryOptions } from '../sign-pro';
import { lookupOf, uniqueBy } from './command-items';

/** How long typing must pause before the server is asked. */
const SEARCH_DELAY_MS = 250;
/** Results of each kind shown. */
const RESULTS = 5;

/**
 * GET /api/v1/search: the organization's trucks (name, unit number, company, city, state) and loads
 * (product, customer, origin, destination) a text finds, and the posting a number names when it is
 * one of the organization's: one request, never one per kind or per id.
 */
export const postingSearchQueryOptions = (organizationId: string, q: string) =>
  queryOptions({
    queryKey: ['command-search', organizationId, q] as const,
    queryFn: ({ signal }) =>
      request('/api/v1/search', { search: { q, limit: RESULTS }, signal, answer: postingSearchAnswerSchema }),
  });

/** The organization's trucks, loads and envelopes a query finds, asked once typing pauses. */
export function useCommandSearch(organizationId: string, query: string, envelopesAllowed: boolean) {
  const settled = useDebouncedValue(query, SEARCH_DELAY_MS);
  const lookup = lookupOf(settled);
  const text = lookup.text ?? '';
  const byText = lookup.text !== null;
  const quiet = { retry: false, staleTime: 10_000 } as const;
  const postings = useQuery({
    ...postingSearchQueryOptions(organizationId, settled.trim()),
    ...quiet,
    enabled: byText || lookup.id !== null,
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
  const envelopeById = useQuery({
    ...envelopeQueryOptions(organizationId, lookup.envelopeId ?? ''),
    ...quiet,
    enabled: lookup.envelopeId !== null && envelopesAllowed,
  });

  // Answers to an older query stay in place while the next is asked (the envelopes keep previous
  // data): shown only while they answer the settled query.
  const current = settled.trim() === query.trim();
  const ok = <T>(result: { data?: T; isPlaceholderData?: boolean; isSuccess: boolean }, enabled: boolean) =>
    enabled && current && result.isSuccess && !result.isPlaceholderData ? result.data : undefined;

  const found = ok(postings, byText || lookup.id !== null);
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
    (asking && [postings, envelopes, envelopeById].some((result) => result.isFetching));
  const typed = lookupOf(query);
  return {
    trucks: found?.trucks ?? [],
    loads: found?.loads ?? [],
    envelopes: foundEnvelopes,
    searching: searching && (typed.text !== null || typed.id !== null),
  };
}
