import {
  type CompiledSearch,
  compileSearch,
  formatCalendarDay,
  notificationId,
  type PostingFacts,
  productLabels,
  roundMiles,
  trailerTypeLabels,
} from '@dispatch/domain';
import { pointOfPlace } from '@dispatch/places';
import {
  collections,
  type LoadDocument,
  NOTIFICATIONS_KIND,
  type NotificationDocument,
  type StandingSearch,
  type StandingSearchesDocument,
  type StandingSearchesHead,
  standingHeadId,
  type TruckDocument,
} from '@dispatch/read-models';
import type { Document, RecordedEvent } from '@dispatch/storage';
import type { Projection, ProjectionContext } from '../projection.ts';

/**
 * Standing searches that alert, evaluated as postings are projected: each posting event is tested
 * once against its organization's searches that alert (not once per reader, and never by polling),
 * and a search the posting newly matches (it did not before the event, it does after) gets a
 * notification for its owner, unless the owner made the change.
 *
 * Two projections: one before the trucks and loads lists keeps the posting as it was before the
 * event; one after them reads it as the event left it.
 */

interface PostingSource {
  kind: 'trucks' | 'loads';
  collection: string;
  idField: 'truckId' | 'loadId';
  posted: boolean;
  removed: boolean;
}

const postingSources: Record<string, PostingSource> = {
  TruckPosted: {
    kind: 'trucks',
    collection: collections.trucks,
    idField: 'truckId',
    posted: true,
    removed: false,
  },
  TruckUpdated: {
    kind: 'trucks',
    collection: collections.trucks,
    idField: 'truckId',
    posted: false,
    removed: false,
  },
  TruckRemoved: {
    kind: 'trucks',
    collection: collections.trucks,
    idField: 'truckId',
    posted: false,
    removed: true,
  },
  LoadPosted: {
    kind: 'loads',
    collection: collections.loads,
    idField: 'loadId',
    posted: true,
    removed: false,
  },
  LoadUpdated: {
    kind: 'loads',
    collection: collections.loads,
    idField: 'loadId',
    posted: false,
    removed: false,
  },
  LoadRemoved: {
    kind: 'loads',
    collection: collections.loads,
    idField: 'loadId',
    posted: false,
    removed: true,
  },
};
/** A removal matches nothing and alerts no one: only postings and edits are looked at. */
const postingEventTypes = Object.keys(postingSources).filter((type) => !postingSources[type]?.removed);

/** One standing search, compiled (see compileSearch). */
export interface CompiledStanding {
  id: string;
  ownerId: string;
  name: string;
  inApp: boolean;
  email: boolean;
  search: CompiledSearch;
}

/** An organization's standing searches by the postings they are about. */
export interface CompiledOrganization {
  trucks: CompiledStanding[];
  loads: CompiledStanding[];
}

/** Compiles an organization's standing searches; a radius around a place the map does not know matches nothing. */
export function compileStandingSearches(searches: readonly StandingSearch[]): CompiledOrganization {
  const compiled: CompiledOrganization = { trucks: [], loads: [] };
  for (const standing of searches) {
    const search = compileSearch(standing, pointOfPlace);
    if (!search) continue;
    compiled[search.postingKind].push({
      id: standing.id,
      ownerId: standing.ownerId,
      name: standing.name,
      inApp: standing.alert.inApp,
      email: standing.alert.email,
      search,
    });
  }
  return compiled;
}

/**
 * Compiled searches kept in memory, by organization and the digest of the standing searches they
 * were compiled from (the head document's): a projector reads only the small head to know they are
 * still the ones in force. Keyed by their content, what is kept is right for any projector of the
 * process (the live one and a rebuild's) and for a batch applied again after a failed write. Two
 * versions per organization at most: the live projector's and a rebuild's.
 */
const compiledByOrganization = new Map<string, { version: string; compiled: CompiledOrganization }[]>();
const VERSIONS_KEPT = 2;

/** Within a batch: what each organization's searches are, once looked up (null: none that alert). */
const batchLookups = new WeakMap<ProjectionContext, Map<string, CompiledOrganization | null>>();

/** The organization's searches changed within this batch: the next lookup reads them again. */
export function forgetStandingSearches(context: ProjectionContext, orgId: string) {
  batchLookups.get(context)?.delete(orgId);
}

/** The standing searches of `orgId` in force at the event being applied; null when none alert. */
export async function standingSearchesOf(
  context: ProjectionContext,
  orgId: string,
): Promise<CompiledOrganization | null> {
  let lookups = batchLookups.get(context);
  if (!lookups) {
    lookups = new Map();
    batchLookups.set(context, lookups);
  }
  const known = lookups.get(orgId);
  if (known !== undefined) return known;
  const head = await context.get<StandingSearchesHead>(collections.standingSearches, standingHeadId(orgId));
  let compiled: CompiledOrganization | null = null;
  if (head && head.count > 0) {
    const kept = compiledByOrganization.get(orgId) ?? [];
    const hit = kept.find((entry) => entry.version === head.digest);
    if (hit) {
      compiled = hit.compiled;
    } else {
      const document = await context.get<StandingSearchesDocument>(collections.standingSearches, orgId);
      compiled = compileStandingSearches(document?.searches ?? []);
      compiledByOrganization.set(
        orgId,
        [{ version: head.digest, compiled }, ...kept].slice(0, VERSIONS_KEPT),
      );
    }
  }
  lookups.set(orgId, compiled);
  return compiled;
}

/** The posting before the event being applied, by batch (several projectors may run at once). */
const postingsBefore = new WeakMap<ProjectionContext, { position: bigint; before: Document | null }>();

/** Keeps the posting as it stands before the lists apply the event (only for organizations with standing searches). */
export const standingSearchesBeforeProjection: Projection = {
  name: 'standing-searches-before',
  collections: [],
  eventTypes: postingEventTypes,
  async apply(recorded: RecordedEvent, context) {
    const source = postingSources[recorded.type] as PostingSource;
    // Nothing was before a posting.
    if (source.posted) return;
    if (!(await standingSearchesOf(context, recorded.metadata.orgId))) return;
    const id = String((recorded.data as Record<string, unknown>)[source.idField]);
    postingsBefore.set(context, {
      position: recorded.position,
      before: await context.get(source.collection, id),
    });
  },
};

/** An availability date is a calendar day: "Nov 27, 2026" (docs/decisions.md). */
const day = (iso: string) => formatCalendarDay(iso) || iso.slice(0, 10);

/** What a notification says of a truck or a load. */
function describePosting(kind: 'trucks' | 'loads', posting: Document): { title: string; detail: string } {
  if (kind === 'trucks') {
    const truck = posting as unknown as TruckDocument;
    return {
      title: truck.truckName,
      detail: `${trailerTypeLabels[truck.trailerType]} · ${truck.truckCity}, ${truck.truckState} · available ${day(truck.availabilityDate)}`,
    };
  }
  const load = posting as unknown as LoadDocument;
  const customer = load.customerName ? ` · ${load.customerName}` : '';
  return {
    title: `${load.originCity}, ${load.originState} → ${load.destinationCity}, ${load.destinationState}`,
    detail: `${trailerTypeLabels[load.trailerType]} · ${productLabels[load.product]} · available ${day(load.availabilityDate)}${customer}`,
  };
}

/** A standing search an event newly matched: what the event feed tells of it (search.matched). */
export interface StandingMatch {
  savedSearchId: string;
  savedSearchName: string;
  userId: string;
  postingKind: 'trucks' | 'loads';
  postingId: number;
  reason: 'posted' | 'changed';
  title: string;
  detail: string;
  distance: number | null;
}

/** Whether a posting's expiry moment (as its list row holds it) is at or before `instant`. */
const pastExpiryAt = (posting: Document, instant: string) =>
  typeof posting.expiresAt === 'string' && Date.parse(posting.expiresAt) <= Date.parse(instant);

/** The matches of the event being applied, by batch (the event feed reads them after this projection). */
const matchesOfEvent = new WeakMap<ProjectionContext, { position: bigint; matches: StandingMatch[] }>();

/** The standing searches the event at `position` newly matched (none when it alerted no one). */
export function standingMatchesOf(context: ProjectionContext, position: bigint): readonly StandingMatch[] {
  const kept = matchesOfEvent.get(context);
  return kept?.position === position ? kept.matches : [];
}

/**
 * After the lists: the posting as the event left it (null once removed) against the one before, for
 * every standing search of the organization about that kind of posting.
 */
export const standingSearchAlertsProjection: Projection = {
  name: 'standing-search-alerts',
  collections: [],
  eventTypes: postingEventTypes,
  async apply(recorded: RecordedEvent, context) {
    const source = postingSources[recorded.type] as PostingSource;
    const { orgId, actorId, occurredAt } = recorded.metadata;
    const standing = await standingSearchesOf(context, orgId);
    if (!standing) return;
    const searches = standing[source.kind];
    if (searches.length === 0) return;
    const postingId = (recorded.data as Record<string, unknown>)[source.idField] as number;
    const after = await context.get(source.collection, String(postingId));
    if (!after) return;
    // Past its expiry moment when the event happened, a posting is off the board: nobody is alerted
    // about it, and one brought back is new to the board (decided by the event's own instant, so a
    // rebuild alerts exactly as the live projector did).
    if (pastExpiryAt(after, occurredAt)) return;
    const kept = postingsBefore.get(context);
    const seen = source.posted ? null : kept?.position === recorded.position ? kept.before : null;
    const before = seen && !pastExpiryAt(seen, occurredAt) ? seen : null;
    const afterFacts = after as unknown as PostingFacts;
    const beforeFacts = before as unknown as PostingFacts | null;
    let described: { title: string; detail: string } | null = null;
    const seq = Number(recorded.position);
    for (const search of searches) {
      // Nobody is alerted about their own posting.
      if (search.ownerId === actorId) continue;
      if (!search.search.matches(afterFacts)) continue;
      if (beforeFacts && search.search.matches(beforeFacts)) continue;
      described ??= describePosting(source.kind, after);
      const miles = search.search.milesTo(afterFacts);
      const notification: Omit<NotificationDocument, 'position'> = {
        id: notificationId(search.id, recorded.position),
        orgId,
        userId: search.ownerId,
        savedSearchId: search.id,
        savedSearchName: search.name,
        postingKind: source.kind,
        postingId,
        reason: source.posted ? 'posted' : 'changed',
        ...described,
        distance: miles === null ? null : roundMiles(miles),
        occurredAt,
        seq,
        actorId,
        inApp: search.inApp,
        read: false,
        email: search.email ? 'due' : 'none',
        mailedAt: null,
      };
      context.put(collections.notifications, notification);
      if (search.inApp) context.changed(NOTIFICATIONS_KIND, orgId, search.ownerId);
      let kept = matchesOfEvent.get(context);
      if (kept?.position !== recorded.position) {
        kept = { position: recorded.position, matches: [] };
        matchesOfEvent.set(context, kept);
      }
      kept.matches.push({
        savedSearchId: search.id,
        savedSearchName: search.name,
        userId: search.ownerId,
        postingKind: source.kind,
        postingId,
        reason: notification.reason,
        title: described.title,
        detail: described.detail,
        distance: notification.distance,
      });
    }
  },
};
