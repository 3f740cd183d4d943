import type { ActivityEntry, ActivityFilter, ActivityPageAnswer } from '@dispatch/domain';
import {
  type ActivityDocument,
  type ActorDocument,
  activityId,
  actorDocumentId,
  changesOf,
  collections,
} from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';

/** The store's filter of the log's filters, for one organization. */
export function activityFilter(orgId: string, query: ActivityFilter): Filter {
  const filter: Filter = { orgId: { eq: orgId } };
  if (query.actor) filter.actorId = { eq: query.actor };
  if (query.kind?.length === 1) filter.kind = { eq: query.kind[0] as string };
  else if (query.kind?.length) filter.kind = { in: [...new Set(query.kind)] };
  if (query.subject) filter.subjectId = { eq: query.subject };
  if (query.startDate || query.endDate)
    filter.occurredAt = {
      ...(query.startDate ? { gte: query.startDate } : {}),
      ...(query.endDate ? { lte: query.endDate } : {}),
    };
  if (query.text) filter.searchText = { contains: query.text };
  return filter;
}

/** The position an entry's id holds (its 20 digits without the leading zeros). */
const positionOf = (document: ActivityDocument) => BigInt(document.id).toString();

/**
 * Names of the actors the entries could not name when they were made (an organization's creator
 * acts before the event that makes them its member): as they joined, from the log's own list of
 * actors, which keeps those who left.
 */
async function actorNames(documents: DocumentStore, orgId: string, rows: ActivityDocument[]) {
  const unnamed = [
    ...new Set(
      rows
        .filter((row) => row.actorName === null && !row.actorId.includes(':'))
        .map((row) => actorDocumentId(orgId, row.actorId)),
    ),
  ];
  if (unnamed.length === 0) return new Map<string, string>();
  const actors = await documents.find<ActorDocument>(collections.activityActors, {
    filter: { id: { in: unnamed } },
  });
  return new Map(actors.map((actor) => [actor.userId, actor.name]));
}

/** The entries of stored rows, as the API answers them. */
export async function toEntries(
  documents: DocumentStore,
  orgId: string,
  rows: ActivityDocument[],
): Promise<ActivityEntry[]> {
  const names = await actorNames(documents, orgId, rows);
  return rows.map((row) => ({
    position: positionOf(row),
    occurredAt: row.occurredAt,
    actorId: row.actorId,
    actorName: row.actorName ?? names.get(row.actorId) ?? null,
    kind: row.kind,
    subjectId: row.subjectId,
    subjectLabel: row.subjectLabel,
    subjectType: row.subjectType ?? null,
    type: row.type,
    changes: changesOf(row.changes),
    ip: row.ip ?? null,
    userAgent: row.userAgent ?? null,
    correlationId: row.correlationId ?? null,
  }));
}

/**
 * One page of an organization's activity log: up to `limit` entries matching the filters, newest
 * first, older than `before` (a position) when given. One more row than the page is read to know
 * whether there is a next page: its cursor is the last entry's position.
 */
export async function activityRows(
  documents: DocumentStore,
  orgId: string,
  query: ActivityFilter & { before?: string; limit: number },
): Promise<{ rows: ActivityDocument[]; nextCursor: string | null }> {
  const filter = activityFilter(orgId, query);
  if (query.before) filter.id = { lt: activityId(query.before) };
  const found = await documents.find<ActivityDocument>(collections.activity, {
    filter,
    sort: [{ field: 'id', direction: 'desc' }],
    limit: query.limit + 1,
  });
  const rows = found.slice(0, query.limit);
  const last = rows.at(-1);
  return { rows, nextCursor: found.length > query.limit && last ? positionOf(last) : null };
}

/** GET /api/v1/activity's answer. */
export async function activityPage(
  documents: DocumentStore,
  orgId: string,
  query: ActivityFilter & { before?: string; limit: number },
): Promise<ActivityPageAnswer> {
  const { rows, nextCursor } = await activityRows(documents, orgId, query);
  return { success: true, data: await toEntries(documents, orgId, rows), nextCursor };
}
