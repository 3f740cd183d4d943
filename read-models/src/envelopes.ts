import { type Envelope, type EnvelopeStatus, type EnvelopeType, envelopeDueAt } from '@dispatch/domain';
import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/**
 * One envelope of sign-pro, stored under its envelope id (a UUID): every field of the domain's view
 * (`applyEnvelopeEvent`), its number (the view's `id`) as `number`, and what the lists and the
 * reminder sweeper read: `dueAt` (envelopeDueAt: the next reminder or the expiry of an open
 * envelope, null once it is closed) and `searchText` (the receiver's name, e-mail and phone number,
 * lowercased in one field, which the list's `search` matches).
 */
export type EnvelopeDocument = Omit<Envelope, 'id'> & {
  id: string;
  number: number;
  orgId: string;
  position: string;
  dueAt: string | null;
  searchText: string;
  /**
   * The instant of the last event that changed the document: when this state of the envelope began,
   * which the board as of a moment reads (a reminder or a copied link moves it, not `updatedAt`).
   */
  validFromAt: string;
};

/**
 * The envelopes of one organization and type counted by status: `counts.sent`, `counts.completed`…
 * (a status never reached has no counter yet: read it as 0).
 */
export type EnvelopeCountsDocument = {
  id: string;
  position: string;
  orgId: string;
  type: EnvelopeType;
  counts?: Partial<Record<EnvelopeStatus, number>>;
};

export const envelopeCountsId = (orgId: string, type: EnvelopeType) => `${orgId}|${type}`;

/** What the list's `search` matches: the receiver's name, e-mail and phone number, lowercased. */
export function envelopeSearchText(
  envelope: Pick<Envelope, 'receiverName' | 'receiverEmail' | 'receiverPhoneNumber'>,
): string {
  return [envelope.receiverName, envelope.receiverEmail, envelope.receiverPhoneNumber]
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase();
}

/** The view of a stored document, as `applyEnvelopeEvent` takes it. */
export function envelopeOfDocument(document: EnvelopeDocument): Envelope {
  const {
    orgId: _orgId,
    position: _position,
    dueAt: _dueAt,
    searchText: _searchText,
    validFromAt: _validFromAt,
    number,
    ...view
  } = document;
  return { ...view, id: number };
}

/** The document of a view as an event at `at` left it (the runner adds the position). */
export function envelopeDocumentOf(
  view: Envelope,
  orgId: string,
  at: string,
): Omit<EnvelopeDocument, 'position'> {
  const { id: number, ...fields } = view;
  return {
    ...fields,
    id: view.envelopeId,
    number,
    orgId,
    dueAt: envelopeDueAt(view),
    searchText: envelopeSearchText(view),
    validFromAt: at,
  };
}

/** The envelopes list. */
export const envelopesCollection: CollectionDefinition = {
  name: collections.envelopes,
  fields: {
    orgId: 'text',
    envelopeStatus: 'text',
    type: 'text',
    createdBy: 'text',
    createdAt: 'date',
    updatedAt: 'date',
    lastSentAt: 'date',
    dueAt: 'date',
    searchText: 'text',
    validFromAt: 'date',
  },
  // Every list query is one organization's: each index starts with it, then serves a sort of the
  // list (and a date range on it), or the creator filter with the default sort. Status and type
  // ride along at the end: a status or type filter is checked on the index entries met in order,
  // and only the rows of the page are read (without them, every row passed over was read; a page
  // of `sent` among 100k envelopes took three times as long). Their counts come from the counters.
  indexes: [
    ['orgId', 'updatedAt', 'envelopeStatus', 'type'],
    ['orgId', 'createdAt', 'envelopeStatus', 'type'],
    ['orgId', 'lastSentAt', 'envelopeStatus', 'type'],
    ['orgId', 'createdBy', 'updatedAt', 'envelopeStatus', 'type'],
    // The reminder sweeper's, across every organization: `{ dueAt: { lte: now } }` by dueAt. A closed
    // envelope's dueAt is null, which neither store's range condition matches.
    ['dueAt'],
  ],
  indexEachField: false,
  // The list's search (receiver's name, e-mail, phone) finds its rows through a trigram index.
  textIndex: ['searchText'],
};

/** The envelopes counted by status, per organization and type (EnvelopeCountsDocument). */
export const envelopeCountsCollection: CollectionDefinition = {
  name: collections.envelopeCounts,
  fields: { orgId: 'text' },
};
