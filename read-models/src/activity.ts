import type { ActivityKind } from '@dispatch/domain';
import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/** One field an event changed, from what to what (null when it had no value). */
export interface ActivityChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * A change as an entry stores it: `[field, to]` when the field had no value before (every field of a
 * creation), else `[field, from, to]`. The log keeps one entry per event of the board and a creation
 * lists a dozen fields: spelled out as objects, the changes were half of an entry's kilobyte, written
 * by every rebuild. `changesOf` gives them back as the API answers them.
 */
export type StoredChange = [field: string, to: unknown] | [field: string, from: unknown, to: unknown];

/** A change as an entry stores it. */
export const storedChange = ({ field, from, to }: ActivityChange): StoredChange =>
  from === null ? [field, to] : [field, from, to];

/** The changes of a stored entry, as the API answers them. */
export const changesOf = (stored: StoredChange[]): ActivityChange[] =>
  stored.map((change) =>
    change.length === 2
      ? { field: change[0], from: null, to: change[1] }
      : { field: change[0], from: change[1], to: change[2] },
  );

/**
 * One entry of an organization's activity log: one event of its trucks, loads, envelopes, members,
 * invitations, teams or of the organization itself. Stored under the event's position written with 20
 * digits (activityId), so the id sorts as the log does: the log pages by it (`id < before`, newest
 * first) through indexes that all start with the organization.
 */
export type ActivityDocument = {
  id: string;
  position: string;
  orgId: string;
  occurredAt: string;
  actorId: string;
  /** Known from the members (as they joined) or the event; null when not known then (see ActorDocument). */
  actorName: string | null;
  kind: ActivityKind;
  subjectId: string;
  subjectLabel: string | null;
  /** An envelope's type (driver, client); absent for the other kinds. */
  subjectType?: string | null;
  type: string;
  changes: StoredChange[];
  /** Where the request came from, when known; absent otherwise (an entry leaves out what it lacks). */
  ip?: string | null;
  userAgent?: string | null;
  correlationId?: string | null;
  /** Lower-cased subject, actor's name and values set: what the log's `text` filter matches. */
  searchText: string;
};

/**
 * Who acted in an organization, kept by user: a member's name and e-mail as they joined. Members
 * who left keep theirs here, so the log still names them; the query side fills an entry's missing
 * name from it (an organization's creator acts before the event that adds them as its member).
 */
export type ActorDocument = {
  id: string;
  position: string;
  orgId: string;
  userId: string;
  name: string;
  email: string;
};

/** The document id of an event's entry: its position in 20 digits, the most a 64-bit position has. */
export const activityId = (position: bigint | string) => position.toString().padStart(20, '0');
export const actorDocumentId = (orgId: string, userId: string) => `${orgId}|${userId}`;

/** What the product does on its own (envelope reminders and expiry) is done by `system:…`. */
export const SYSTEM_ACTOR_NAME = 'System';

/** The organization's activity log (ActivityDocument). */
export const activityCollection: CollectionDefinition = {
  name: collections.activity,
  fields: {
    orgId: 'text',
    actorId: 'text',
    kind: 'text',
    subjectId: 'text',
    occurredAt: 'date',
    searchText: 'text',
  },
  // Every query is one organization's, newest first by id (the padded position): each index
  // starts with the organization, then an equality filter, and ends with the id (as every index
  // does). A period and the text filter are checked on the rows met in that order; the text
  // filter's candidates come from the trigram index.
  indexes: [
    ['orgId', 'id'],
    ['orgId', 'actorId', 'id'],
    ['orgId', 'kind', 'id'],
    ['orgId', 'subjectId', 'id'],
  ],
  indexEachField: false,
  textIndex: ['searchText'],
  // An entry's text is long and found by its rare runs: the index keeps which entries hold a run,
  // not where, a third of the size and built in 40% less time (see `textIndexPositions`).
  textIndexPositions: false,
};

/** Who acted in an organization (ActorDocument). */
export const activityActorsCollection: CollectionDefinition = {
  name: collections.activityActors,
  fields: { orgId: 'text' },
  indexEachField: false,
};
