import { envelopeEventTypes, organizationEventTypes } from '@dispatch/domain';
import {
  type ActivityDocument,
  type ActorDocument,
  activityActorsCollection,
  activityCollection,
  activityId,
  actorDocumentId,
  collections,
  storedChange,
} from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection } from '../../projection.ts';
import { actorNameOf } from './actors.ts';
import { describeApiKeyEvent } from './api-keys.ts';
import type { Data, Describe } from './described.ts';
import { describeEnvelope } from './envelopes.ts';
import { describeOrganizationEvent } from './organizations.ts';
import { describePosting } from './postings.ts';
import { searchTextOf } from './search-text.ts';

/** The entry each event type makes; an event type not listed makes none. */
const describers: Record<string, Describe> = {
  TruckPosted: describePosting('truck'),
  TruckUpdated: describePosting('truck'),
  TruckRemoved: describePosting('truck'),
  TruckRefreshed: describePosting('truck'),
  TruckExpired: describePosting('truck'),
  TruckReposted: describePosting('truck'),
  LoadPosted: describePosting('load'),
  LoadUpdated: describePosting('load'),
  LoadRemoved: describePosting('load'),
  LoadRefreshed: describePosting('load'),
  LoadExpired: describePosting('load'),
  LoadReposted: describePosting('load'),
  ...Object.fromEntries(envelopeEventTypes.map((type) => [type, describeEnvelope])),
  ...Object.fromEntries(organizationEventTypes.map((type) => [type, describeOrganizationEvent])),
  ApiKeyCreated: describeApiKeyEvent,
  ApiKeyRevoked: describeApiKeyEvent,
};

const bounded = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value !== '' ? value.slice(0, max) : null;

/**
 * The organization's activity log, for its owners and admins (and auditors): who did what, when,
 * from where, to which record, changing what from what to what. Sequence-id allocations, slug
 * reservations and the platform's rebuild requests are the product's inner workings and have no entry.
 *
 * It reads each record as it was before the event (an edit's "from"), so it runs before the
 * projections that replace those records: the postings', the organizations' and the envelopes' lists.
 */
export const activityProjection: Projection = {
  name: 'activity',
  collections: [activityCollection, activityActorsCollection],
  eventTypes: Object.keys(describers),
  async apply(event: RecordedEvent, context) {
    const data = (event.data ?? {}) as Data;
    const described = await describers[event.type]?.(event, data, context);
    if (!described) return;
    const { orgId } = described;
    const { actorId, correlationId, occurredAt } = event.metadata;
    if (event.type === 'MemberAdded' && typeof data.userId === 'string') {
      const actor: Omit<ActorDocument, 'position'> = {
        id: actorDocumentId(orgId, data.userId),
        orgId,
        userId: data.userId,
        name: String(data.name ?? ''),
        email: String(data.email ?? ''),
      };
      context.put(collections.activityActors, actor);
    }
    const actorName = await actorNameOf(context, orgId, actorId, described.actorName);
    const entry: Omit<ActivityDocument, 'position'> = {
      id: activityId(event.position),
      orgId,
      occurredAt,
      actorId,
      actorName,
      kind: described.kind,
      subjectId: described.subjectId,
      subjectLabel: described.subjectLabel,
      type: event.type,
      changes: described.changes.map(storedChange),
      searchText: searchTextOf([
        described.subjectLabel,
        actorName,
        ...described.changes.map((entry) => entry.to),
      ]),
    };
    const subjectType = described.subjectType ?? null;
    const ip = bounded(event.metadata.ip ?? described.client?.ip, 100);
    const userAgent = bounded(event.metadata.userAgent ?? described.client?.userAgent, 300);
    const correlation = bounded(correlationId, 200);
    if (subjectType !== null) entry.subjectType = subjectType;
    if (ip !== null) entry.ip = ip;
    if (userAgent !== null) entry.userAgent = userAgent;
    if (correlation !== null) entry.correlationId = correlation;
    context.put(collections.activity, entry);
  },
};
