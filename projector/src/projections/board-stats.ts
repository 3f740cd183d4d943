import type { PostingKind } from '@dispatch/domain';
import { boardStatsIds, collections, facetFields, facetKey } from '@dispatch/read-models';
import type { ProjectionContext } from '../projection.ts';
import { memoize4 } from './memoize.ts';
import type { PostingChange, PostingState } from './posting-changes.ts';

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
  context.incrementEach(collections.boardStats, total.id, total.insert, ['total', facet], sign);
  context.incrementEach(collections.boardStats, creator.id, creator.insert, [facet], sign);
}
