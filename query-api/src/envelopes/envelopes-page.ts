import {
  dateCondition,
  type EnvelopeAnswer,
  type EnvelopeCountsAnswer,
  type EnvelopeListQuery,
  type EnvelopeStatus,
  type EnvelopesPageAnswer,
  type EnvelopeType,
  envelopeStatuses,
  envelopeTypes,
} from '@dispatch/domain';
import {
  collections,
  type EnvelopeCountsDocument,
  type EnvelopeDocument,
  envelopeCountsId,
  envelopeOfDocument,
  listHistories,
} from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';
import { countValidAt } from '../as-of/counts.ts';
import { listPageAsOf } from '../as-of/list-page.ts';
import type { AsOfMoment } from '../as-of/moment.ts';

/** An envelope as the API answers it: its number back as `id`, what the projector keeps to filter by left out. */
export function toEnvelope(document: EnvelopeDocument): EnvelopeAnswer {
  return envelopeOfDocument(document);
}

/**
 * What the list's `search` matches in the receiver's name, e-mail and phone number (kept lowercased
 * in one field). A phone number is kept as its ten digits: one typed as "(312) 555-01" or "+1 312…"
 * is looked up by its digits.
 */
export function searchNeedle(search: string): string {
  const text = search.trim().toLowerCase();
  if (!/^\+?[\d\s().-]+$/.test(text) || !/\d/.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  return text.startsWith('+1') ? digits.slice(1) : digits;
}

/** The document store query of the envelopes list: always the caller's organization, then the filters. */
export function envelopeFilter(query: EnvelopeListQuery, orgId: string): Filter {
  const filter: Filter = { orgId: { eq: orgId } };
  const dates = dateCondition(query);
  if (dates) filter[dates.field] = dates.range;
  if (query.status) filter.envelopeStatus = { in: query.status };
  if (query.type) filter.type = { eq: query.type };
  if (query.createdBy) filter.createdBy = { eq: query.createdBy };
  if (query.search) {
    const needle = searchNeedle(query.search);
    if (needle) filter.searchText = { contains: needle };
  }
  return filter;
}

/** The counters of the organization, per type: both types when `type` is absent. */
async function countersOf(
  documents: DocumentStore,
  orgId: string,
  type: EnvelopeType | undefined,
): Promise<Record<EnvelopeStatus, number>> {
  const types = type ? [type] : envelopeTypes;
  const counters = await Promise.all(
    types.map((each) =>
      documents.get<EnvelopeCountsDocument>(collections.envelopeCounts, envelopeCountsId(orgId, each)),
    ),
  );
  const sums = Object.fromEntries(envelopeStatuses.map((status) => [status, 0])) as Record<
    EnvelopeStatus,
    number
  >;
  for (const counter of counters)
    for (const status of envelopeStatuses) sums[status] += counter?.counts?.[status] ?? 0;
  return sums;
}

/**
 * How many envelopes a list filter matches: from the counters when it narrows only by status and
 * type, from the store (through the list's indexes and the search's text index) otherwise.
 */
async function countEnvelopes(
  documents: DocumentStore,
  orgId: string,
  query: EnvelopeListQuery,
  filter: Filter,
): Promise<number> {
  const byCounters = Object.keys(filter).every((field) =>
    ['orgId', 'envelopeStatus', 'type'].includes(field),
  );
  if (!byCounters) return documents.count(collections.envelopes, filter);
  const counts = await countersOf(documents, orgId, query.type);
  const statuses: readonly EnvelopeStatus[] = query.status ?? envelopeStatuses;
  return statuses.reduce((sum, status) => sum + counts[status], 0);
}

/** One page of the organization's envelopes (docs/rules.md#api-calls), pages from 1. */
export async function envelopesPage(
  documents: DocumentStore,
  orgId: string,
  query: EnvelopeListQuery,
  asOf: AsOfMoment | null = null,
): Promise<EnvelopesPageAnswer> {
  const filter = envelopeFilter(query, orgId);
  if (asOf) {
    // The list as it was at that moment, from the envelopes and their ended versions, read only.
    const page = await listPageAsOf<EnvelopeDocument>({
      documents,
      history: listHistories.envelopes,
      inService: async () =>
        Object.values(await countersOf(documents, orgId, undefined)).reduce((sum, count) => sum + count, 0),
      orgId,
      filter,
      sort: [{ field: query.orderBy, direction: query.sort }],
      skip: (query.page - 1) * query.limit,
      limit: query.limit,
      asOf,
    });
    return {
      success: true,
      limit: query.limit,
      page: query.page,
      count: page.rows.length,
      totalCount: page.totalCount,
      totalPages: Math.ceil(page.totalCount / query.limit),
      asOf: page.asOf,
      data: page.rows.map(({ row, since }) => ({ ...toEnvelope(row), since })),
    };
  }
  const [rows, totalCount] = await Promise.all([
    documents.find<EnvelopeDocument>(collections.envelopes, {
      filter,
      sort: [{ field: query.orderBy, direction: query.sort }],
      skip: (query.page - 1) * query.limit,
      limit: query.limit,
    }),
    countEnvelopes(documents, orgId, query, filter),
  ]);
  return {
    success: true,
    limit: query.limit,
    page: query.page,
    count: rows.length,
    totalCount,
    totalPages: Math.ceil(totalCount / query.limit),
    data: rows.map(toEnvelope),
  };
}

/** GET /api/v1/envelopes/counts: every status, zeros included, from the projector's counters. */
export async function envelopeCounts(
  documents: DocumentStore,
  orgId: string,
  type: EnvelopeType | undefined,
  asOf: AsOfMoment | null = null,
): Promise<EnvelopeCountsAnswer> {
  const counts = asOf
    ? await countsAsOf(documents, orgId, type, asOf)
    : await countersOf(documents, orgId, type);
  return {
    success: true,
    data: envelopeStatuses.map((envelopeStatus) => ({ count: counts[envelopeStatus], envelopeStatus })),
  };
}

/** The counts by status as they were at `asOf`, over the envelopes in service then. */
async function countsAsOf(
  documents: DocumentStore,
  orgId: string,
  type: EnvelopeType | undefined,
  asOf: AsOfMoment,
): Promise<Record<EnvelopeStatus, number>> {
  const counted = await Promise.all(
    envelopeStatuses.map((status) => {
      const filter: Filter = { orgId: { eq: orgId }, envelopeStatus: { eq: status } };
      if (type) filter.type = { eq: type };
      return countValidAt(documents, listHistories.envelopes, filter, asOf.at);
    }),
  );
  return Object.fromEntries(envelopeStatuses.map((status, index) => [status, counted[index] ?? 0])) as Record<
    EnvelopeStatus,
    number
  >;
}
