import type { PostingKind } from '@dispatch/domain';
import { collections } from '../collections.ts';
import type { ProjectionContext } from '../projection.ts';
import { facetFields, type PostingChange, type PostingState } from './posting-changes.ts';

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

/** Adds (`sign` 1) or takes away (-1) one posting from the board's totals. */
export function countInBoardStats(
  context: ProjectionContext,
  change: PostingChange,
  posting: PostingState,
  sign: 1 | -1,
) {
  const { kind, orgId } = change;
  const facet = `facets.${facetKey(facetFields[kind].map((field) => posting[field]))}`;
  context.increment(
    collections.boardStats,
    boardStatsIds.total(kind, orgId),
    { orgId, kind },
    {
      total: sign,
      [facet]: sign,
    },
  );
  context.increment(
    collections.boardStats,
    boardStatsIds.creator(kind, orgId, posting.createdBy),
    { orgId, kind, createdBy: posting.createdBy },
    { [facet]: sign },
  );
}
