import type { PostingKind } from '@dispatch/domain';
import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/** A posting's field the board counts by. */
export type FacetField = 'status' | 'trailerType' | 'direction' | 'product';

/**
 * The fields of a posting the filters can narrow by without a range or a text match: the board keeps
 * a counter for every combination of their values, so counting by them never scans.
 */
export const facetFields: Record<PostingKind, readonly FacetField[]> = {
  trucks: ['status', 'trailerType', 'direction'],
  // A load's direction is the one from its origin to its destination (loadDirection).
  loads: ['trailerType', 'product', 'direction'],
};

/**
 * The board's totals, so a list counts without counting rows: per organization and kind, the
 * postings (`total`) and the postings per combination of the facet fields' values (`facets`, keyed
 * by `facetKey`); per creator, the same facets for their postings. A count filtered by facet values
 * and the creator is a sum over one document's few dozen counters.
 */
export type BoardStatsDocument = {
  id: string;
  position: string;
  orgId: string;
  kind: PostingKind;
  createdBy?: string;
  total?: number;
  facets?: Record<string, number>;
};

export const boardStatsIds = {
  total: (kind: PostingKind, orgId: string) => `${kind}|${orgId}`,
  creator: (kind: PostingKind, orgId: string, createdBy: string) => `${kind}|${orgId}|by|${createdBy}`,
};

/** A combination of facet values as a counter name: "true|FLATBED|NORTH" (null as "null"). */
export const facetKey = (values: readonly unknown[]) =>
  values.map((value) => String(value ?? null)).join('|');

/** The facet values a counter name stands for, typed as the postings hold them. */
export function facetValues(kind: PostingKind, key: string): Record<string, string | boolean | null> {
  const parts = key.split('|');
  return Object.fromEntries(
    facetFields[kind].map((field, index) => {
      const text = parts[index] ?? 'null';
      const value = text === 'null' ? null : field === 'status' ? text === 'true' : text;
      return [field, value];
    }),
  );
}

/** The board's totals and facet counters (BoardStatsDocument). */
export const boardStatsCollection: CollectionDefinition = {
  name: collections.boardStats,
  fields: { orgId: 'text' },
};
