import type { PostingKind } from '@dispatch/domain';
import { collections } from '../collections.ts';
import type { ProjectionContext } from '../projection.ts';
import { memoize4 } from './memoize.ts';
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

/** The counter of a combination of facet values ("facets.true|FLATBED|NORTH", "facets.FLATBED|HEAVY|EAST"). */
const facetCounter = memoize4(
  (_kind: PostingKind, first: unknown, second: unknown, third: unknown) =>
    `facets.${facetKey([first, second, third])}`,
);

/** The ids and first fields of the board's totals and of one creator's. */
const statsOf = memoize4((kind: PostingKind, orgId: string, createdBy: string, _d: null) => ({
  total: { id: boardStatsIds.total(kind, orgId), insert: Object.freeze({ orgId, kind }) },
  creator: {
    id: boardStatsIds.creator(kind, orgId, createdBy),
    insert: Object.freeze({ orgId, kind, createdBy }),
  },
}));

/** Adds (`sign` 1) or takes away (-1) one posting from the board's totals. */
export function countInBoardStats(
  context: ProjectionContext,
  change: PostingChange,
  posting: PostingState,
  sign: 1 | -1,
) {
  const { kind, orgId } = change;
  const [first, second, third] = facetFields[kind];
  const facet = facetCounter(
    kind,
    posting[first as keyof PostingState] ?? null,
    posting[second as keyof PostingState] ?? null,
    posting[third as keyof PostingState] ?? null,
  );
  const { total, creator } = statsOf(kind, orgId, posting.createdBy, null);
  context.increment(collections.boardStats, total.id, total.insert, { total: sign, [facet]: sign });
  context.increment(collections.boardStats, creator.id, creator.insert, { [facet]: sign });
}
