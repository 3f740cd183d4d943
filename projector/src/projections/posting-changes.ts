import { DEFAULT_TIME_ZONE, type LoadRoute, loadDirection, type PostingKind } from '@dispatch/domain';
import { pointOfPlace } from '@dispatch/places';
import { collections } from '@dispatch/read-models';
import type { Document, RecordedEvent } from '@dispatch/storage';
import type { ProjectionContext } from '../projection.ts';

/** What the board's counters know of a truck or a load. */
export interface PostingState {
  createdAt: string;
  updatedAt: string;
  availabilityDate: string;
  createdBy: string;
  status?: boolean;
  trailerType?: string;
  direction?: string | null;
  product?: string;
}

/** A posting before and after one of its events, with what is needed to place it in calendars. */
export interface PostingChange {
  kind: PostingKind;
  orgId: string;
  /** The organization's time zone now: the one `after` is counted in. */
  timeZone: string;
  /**
   * The zone `before` was counted in: the one in force at the posting's last event (the
   * organization may have changed its zone since).
   */
  beforeTimeZone: string;
  before: PostingState | null;
  after: PostingState | null;
}

interface KindOfEvent {
  kind: PostingKind;
  collection: string;
  idField: 'truckId' | 'loadId';
  /** An expiry takes a posting off the board as a removal does; a re-post puts it back as it was. */
  step: 'posted' | 'updated' | 'removed' | 'reposted';
}

const eventKinds: Record<string, KindOfEvent> = {
  TruckPosted: { kind: 'trucks', collection: collections.trucks, idField: 'truckId', step: 'posted' },
  TruckUpdated: { kind: 'trucks', collection: collections.trucks, idField: 'truckId', step: 'updated' },
  TruckRemoved: { kind: 'trucks', collection: collections.trucks, idField: 'truckId', step: 'removed' },
  TruckExpired: { kind: 'trucks', collection: collections.trucks, idField: 'truckId', step: 'removed' },
  TruckReposted: {
    kind: 'trucks',
    collection: collections.expiredTrucks,
    idField: 'truckId',
    step: 'reposted',
  },
  LoadPosted: { kind: 'loads', collection: collections.loads, idField: 'loadId', step: 'posted' },
  LoadUpdated: { kind: 'loads', collection: collections.loads, idField: 'loadId', step: 'updated' },
  LoadRemoved: { kind: 'loads', collection: collections.loads, idField: 'loadId', step: 'removed' },
  LoadExpired: { kind: 'loads', collection: collections.loads, idField: 'loadId', step: 'removed' },
  LoadReposted: { kind: 'loads', collection: collections.expiredLoads, idField: 'loadId', step: 'reposted' },
};

export const postingEventTypes = Object.keys(eventKinds);

/** A truck counts as available when marked so; a load has no status and is available on its date. */
export const isAvailable = (kind: PostingKind, posting: PostingState) =>
  kind === 'loads' || posting.status === true;

type OrganizationZones = Document & {
  timeZone?: string;
  previousTimeZones?: { until: string; timeZone: string }[];
};

/** The organization's time zone now, and the one in force at the event of `position`. */
async function timeZonesOf(
  context: ProjectionContext,
  orgId: string,
  position: string | undefined,
): Promise<{ now: string; atPosition: string }> {
  const organization = await context.get<OrganizationZones>(collections.organizations, orgId);
  const now = organization?.timeZone ?? DEFAULT_TIME_ZONE;
  const previous = organization?.previousTimeZones;
  if (!previous?.length || position === undefined) return { now, atPosition: now };
  const at = BigInt(position);
  return { now, atPosition: previous.find((zone) => at < BigInt(zone.until))?.timeZone ?? now };
}

/**
 * The posting before and after `event`. "Before" is the list's document as it stands, so every
 * projection using this must run before the trucks and loads projections replace that document
 * (projections apply an event in the order they are listed).
 */
export async function postingChange(
  recorded: RecordedEvent,
  context: ProjectionContext,
): Promise<PostingChange | null> {
  const source = eventKinds[recorded.type];
  if (!source) return null;
  const data = recorded.data as Record<string, unknown> & { changes?: Record<string, unknown> };
  const { orgId, actorId, occurredAt } = recorded.metadata;
  const id = String(data[source.idField]);
  let before: PostingState | null = null;
  let after: PostingState | null = null;
  if (source.step === 'posted') {
    // Only what the counters read: a rebuild meets a million of these.
    const posted = data as unknown as PostingState;
    after = {
      createdAt: occurredAt,
      updatedAt: occurredAt,
      createdBy: actorId,
      availabilityDate: posted.availabilityDate,
      status: posted.status,
      trailerType: posted.trailerType,
      direction:
        source.kind === 'loads'
          ? loadDirection(data as unknown as LoadRoute, pointOfPlace)
          : posted.direction,
      product: posted.product,
    };
  } else if (source.step === 'reposted') {
    // Back on the board: counted again as it stands, from the re-post's instant.
    const expired = await context.get<Document & PostingState>(source.collection, id);
    if (!expired) return null;
    after = { ...expired, updatedAt: occurredAt };
  } else {
    before = await context.get<Document & PostingState>(source.collection, id);
    if (!before) return null;
    if (source.step === 'updated') {
      after = { ...before, ...data.changes, updatedAt: occurredAt };
      // An edit of a load's origin or destination may turn it.
      if (source.kind === 'loads')
        after.direction = loadDirection(after as unknown as LoadRoute, pointOfPlace);
    }
  }
  const zones = await timeZonesOf(context, orgId, (before as (PostingState & Document) | null)?.position);
  return { kind: source.kind, orgId, timeZone: zones.now, beforeTimeZone: zones.atPosition, before, after };
}
