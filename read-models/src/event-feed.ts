import type { FeedEventType, FeedItem } from '@dispatch/domain';
import type { CollectionDefinition, DocumentStore } from '@dispatch/storage';
import { collections } from './collections.ts';

/**
 * The organization's event feed (GET /api/v1/events, webhooks): one document per public event, under
 * the organization's own sequence, 1, 2, 3… with no gaps. The sequence is the organization's alone,
 * so it tells nothing of other organizations' activity, and a rebuild from position 0 gives every
 * event the same sequence again (the events are applied in the same order).
 */
export type EventFeedDocument = {
  id: string;
  position: string;
  orgId: string;
  sequence: number;
  /** The id of the event it comes from (several public events may share one, each its own document). */
  eventId: string;
  type: FeedEventType;
  timestamp: string;
  data: Record<string, unknown>;
};

/** An organization's last sequence given. */
export type EventFeedHeadDocument = { id: string; position: string; orgId: string; sequence: number };

/** Digits of the sequence in a document's id: the ids of one organization sort as its feed does. */
const SEQUENCE_ID_DIGITS = 12;
export const eventFeedId = (orgId: string, sequence: number) =>
  `${orgId}|${String(sequence).padStart(SEQUENCE_ID_DIGITS, '0')}`;

export const eventFeedCollection: CollectionDefinition = {
  name: collections.eventFeed,
  fields: { orgId: 'text', sequence: 'number', type: 'text' },
  // Every read names the organization first: single-field indexes would only cost writes.
  indexEachField: false,
  indexes: [
    ['orgId', 'sequence'],
    ['orgId', 'type', 'sequence'],
  ],
};

/** Heads are read by id only. */
export const eventFeedHeadsCollection: CollectionDefinition = {
  name: collections.eventFeedHeads,
  fields: {},
};

export interface FeedRead {
  /** Items after this sequence. */
  after: number;
  /** Only these types (every type when absent). */
  types?: readonly string[];
  limit: number;
}

export const feedItemOf = (document: EventFeedDocument): FeedItem => ({
  id: document.eventId,
  sequence: String(document.sequence),
  type: document.type,
  timestamp: document.timestamp,
  data: document.data,
});

/** The organization's items after `after`, oldest first, at most `limit` of them. */
export async function readFeed(
  documents: DocumentStore,
  orgId: string,
  { after, types, limit }: FeedRead,
): Promise<FeedItem[]> {
  const rows = await documents.find<EventFeedDocument>(collections.eventFeed, {
    filter: {
      orgId: { eq: orgId },
      sequence: { gt: after },
      ...(types ? { type: { in: [...types] } } : {}),
    },
    sort: [{ field: 'sequence', direction: 'asc' }],
    limit,
  });
  return rows.map(feedItemOf);
}

/** The organization's last sequence given (0 before its first public event). */
export async function feedHead(documents: DocumentStore, orgId: string): Promise<number> {
  const head = await documents.get<EventFeedHeadDocument>(collections.eventFeedHeads, orgId);
  return head?.sequence ?? 0;
}
