import type { PostingTotals } from '@dispatch/domain';
import { type BoardStatsDocument, boardStatsIds, collections } from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';

/** Trucks and loads of an organization now: two counters the projector keeps. */
export async function postingTotals(documents: DocumentStore, orgId: string): Promise<PostingTotals> {
  const [trucks, loads] = await Promise.all(
    (['trucks', 'loads'] as const).map((kind) =>
      documents.get<BoardStatsDocument>(collections.boardStats, boardStatsIds.total(kind, orgId)),
    ),
  );
  return { truckCount: trucks?.total ?? 0, loadCount: loads?.total ?? 0 };
}
