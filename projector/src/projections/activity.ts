import {
  type ActivityKind,
  type EnvelopeStatus,
  envelopeEventTypes,
  organizationEventTypes,
} from '@dispatch/domain';
import {
  type ActivityChange,
  type ActivityDocument,
  type ActorDocument,
  activityActorsCollection,
  activityCollection,
  activityId,
  actorDocumentId,
  collections,
  type InvitationDocument,
  type MemberDocument,
  type OrganizationDocument,
  SYSTEM_ACTOR_NAME,
  storedChange,
  type TeamDocument,
} from '@dispatch/read-models';
import type { Document, RecordedEvent } from '@dispatch/storage';
import type { Projection, ProjectionContext } from '../projection.ts';

const SEARCH_TEXT_MAX = 300;
const SEARCH_VALUE_MAX = 60;

type Data = Record<string, unknown>;
type Subject = Document & Data;

const isBlank = (value: unknown) => value === null || value === undefined || value === '';
const same = (a: unknown, b: unknown) =>
  (isBlank(a) && isBlank(b)) || JSON.stringify(a) === JSON.stringify(b);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The values a creation was made with, of the listed fields, leaving out blanks. */
const created = (data: Data, fields: readonly string[]): ActivityChange[] =>
  fields.filter((field) => !isBlank(data[field])).map((field) => ({ field, from: null, to: data[field] }));

/** The fields an edit changed: those whose value it set differs from the one before. */
function edited(before: Data | null, changes: Data): ActivityChange[] {
  const out: ActivityChange[] = [];
  for (const [field, to] of Object.entries(changes)) {
    const from = before?.[field] ?? null;
    if (!same(from, to)) out.push({ field, from, to: to ?? null });
  }
  return out;
}

const change = (field: string, from: unknown, to: unknown): ActivityChange[] =>
  same(from, to) ? [] : [{ field, from: from ?? null, to: to ?? null }];

// The main fields of a creation: what says which posting it is, where and when. Contacts and notes are
// in the posting's own history.
const truckFields = [
  'truckName',
  'unitNumber',
  'companyName',
  'trailerType',
  'truckCity',
  'truckState',
  'preferedCity',
  'preferedState',
  'direction',
  'status',
  'availabilityDate',
  'dispatcherName',
] as const;
const loadFields = [
  'originCity',
  'originState',
  'destinationCity',
  'destinationState',
  'trailerType',
  'product',
  'rateForTitan',
  'rateForTitanUnit',
  'rateForCarrier',
  'rateForCarrierUnit',
  'customerName',
  'availabilityDate',
  'dispatcherName',
] as const;
// An envelope's: never its link's hash or the signature's image.
const envelopeFields = [
  'type',
  'templateId',
  'deliveryMethod',
  'receiverName',
  'receiverEmail',
  'receiverPhoneNumber',
  'expiresAt',
] as const;

const loadRoute = (load: Data | null) =>
  load
    ? `${String(load.originCity)}, ${String(load.originState)} → ${String(load.destinationCity)}, ${String(load.destinationState)}`
    : null;
const receiverOf = (envelope: Data | null) => {
  if (!envelope) return null;
  const contact = text(envelope.receiverEmail) ?? text(envelope.receiverPhoneNumber);
  return contact ? `${String(envelope.receiverName)} (${contact})` : text(envelope.receiverName);
};

/** The status an envelope event leaves the envelope in; undefined for those that keep it. */
const envelopeStatusAfter: Partial<Record<string, EnvelopeStatus>> = {
  EnvelopeSent: 'sent',
  EnvelopeResent: 'resent',
  EnvelopeDelivered: 'delivered',
  EnvelopeCompleted: 'completed',
  EnvelopeRejected: 'rejected',
  EnvelopeVoided: 'voided',
  EnvelopeCancelled: 'cancelled',
};

const invitationStatusAfter: Partial<Record<string, string>> = {
  InvitationCanceled: 'canceled',
  InvitationAccepted: 'accepted',
  InvitationRejected: 'rejected',
};

/** An entry as a handler makes it; the projection adds the event's who, when and where. */
interface Described {
  orgId: string;
  kind: ActivityKind;
  subjectId: string;
  subjectLabel: string | null;
  subjectType?: string | null;
  changes: ActivityChange[];
  /** The actor's name when the event itself tells it (a member joining, an envelope's sender…). */
  actorName?: string | null;
  /** Where the request came from when the event's data says it (an envelope's receiver). */
  client?: { ip: unknown; userAgent: unknown };
}

type Describe = (event: RecordedEvent, data: Data, context: ProjectionContext) => Promise<Described | null>;

const get = (context: ProjectionContext, collection: string, id: unknown) =>
  typeof id === 'string' || typeof id === 'number'
    ? context.get<Subject>(collection, String(id))
    : Promise.resolve(null);

function posting(kind: 'truck' | 'load'): Describe {
  const isTruck = kind === 'truck';
  const collection = isTruck ? collections.trucks : collections.loads;
  const idField = isTruck ? 'truckId' : 'loadId';
  const labelOf = (posting: Data | null) => (isTruck ? text(posting?.truckName) : loadRoute(posting));
  return async (event, data, context) => {
    const subjectId = String(data[idField]);
    const base = { orgId: event.metadata.orgId, kind, subjectId };
    if (event.type.endsWith('Posted'))
      return {
        ...base,
        subjectLabel: labelOf(data),
        changes: created(data, isTruck ? truckFields : loadFields),
      };
    const before = await get(context, collection, subjectId);
    if (event.type.endsWith('Updated')) {
      const changes = (data.changes ?? {}) as Data;
      return {
        ...base,
        subjectLabel: labelOf(before && { ...before, ...changes }),
        changes: edited(before, changes),
      };
    }
    return { ...base, subjectLabel: labelOf(before), changes: [] };
  };
}

const envelope: Describe = async (event, data, context) => {
  const before =
    event.type === 'EnvelopeSent' ? null : await get(context, collections.envelopes, data.envelopeId);
  const envelope = before ?? (event.type === 'EnvelopeSent' ? data : null);
  const status = envelopeStatusAfter[event.type];
  const changes: ActivityChange[] = [];
  if (event.type === 'EnvelopeSent') changes.push(...created(data, envelopeFields));
  if (event.type === 'EnvelopeResent')
    changes.push(...change('expiresAt', before?.expiresAt, data.expiresAt));
  if (event.type === 'EnvelopeReminderSent') changes.push(...change('reminder', null, data.reminder));
  if (event.type === 'EnvelopeCompleted') {
    changes.push(...change('signerName', null, data.signerName));
    changes.push({ field: 'signature', from: null, to: data.signature ? 'drawn' : 'typed' });
  }
  if (event.type === 'EnvelopeRejected') changes.push(...change('rejectReason', null, data.reason));
  if (event.type === 'EnvelopeVoided') changes.push(...change('voidReason', null, data.voidReason));
  if (event.type === 'EnvelopeCancelled') {
    changes.push(...change('cancelReason', null, data.reason));
    changes.push(...change('detail', null, data.detail));
  }
  if (status) changes.push(...change('envelopeStatus', before?.envelopeStatus, status));
  const receiverActs = event.metadata.actorId.startsWith('receiver:');
  return {
    orgId: event.metadata.orgId,
    kind: 'envelope',
    subjectId: String(data.envelopeId),
    subjectLabel: receiverOf(envelope),
    subjectType: text(envelope?.type),
    changes,
    actorName: receiverActs
      ? text(envelope?.receiverName)
      : event.type === 'EnvelopeSent'
        ? text(data.senderName)
        : null,
    client: 'ip' in data ? { ip: data.ip, userAgent: data.userAgent } : undefined,
  };
};

/** A user's name in the organization, for a team's members; their id when the log never met them. */
async function userName(context: ProjectionContext, orgId: string, userId: unknown): Promise<string | null> {
  if (typeof userId !== 'string') return null;
  const actor = await context.get<ActorDocument>(collections.activityActors, actorDocumentId(orgId, userId));
  return actor?.name ?? userId;
}

const organizationEvent: Describe = async (event, data, context) => {
  const orgId = String(data.organizationId);
  const type = event.type;
  if (type.startsWith('Organization')) {
    const before =
      type === 'OrganizationCreated' ? null : await get(context, collections.organizations, orgId);
    const base = { orgId, kind: 'organization' as const, subjectId: orgId };
    if (type === 'OrganizationCreated')
      return { ...base, subjectLabel: text(data.name), changes: created(data, ['name', 'slug', 'timeZone']) };
    if (type === 'OrganizationUpdated') {
      const changes = Object.fromEntries(
        (['name', 'slug', 'timeZone'] as const)
          .filter((field) => data[field] !== undefined)
          .map((f) => [f, data[f]]),
      );
      return {
        ...base,
        subjectLabel: text(data.name) ?? text((before as OrganizationDocument | null)?.name),
        changes: edited(before, changes),
      };
    }
    return { ...base, subjectLabel: text(before?.name), changes: [] };
  }
  if (type.startsWith('Member')) {
    const base = { orgId, kind: 'member' as const, subjectId: String(data.memberId) };
    if (type === 'MemberAdded')
      return {
        ...base,
        subjectLabel: text(data.email),
        changes: created(data, ['name', 'email', 'role']),
        actorName: event.metadata.actorId === data.userId ? text(data.name) : null,
      };
    const member = (await get(context, collections.members, data.memberId)) as MemberDocument | null;
    return {
      ...base,
      subjectLabel: member?.email ?? null,
      changes: type === 'MemberRoleChanged' ? change('role', data.previousRole, data.role) : [],
    };
  }
  if (type.startsWith('Invitation')) {
    const base = { orgId, kind: 'invitation' as const, subjectId: String(data.invitationId) };
    if (type === 'InvitationSent')
      return {
        ...base,
        subjectLabel: text(data.email),
        changes: created(data, ['email', 'role', 'expiresAt']),
        actorName: event.metadata.actorId === data.inviterId ? text(data.inviterName) : null,
      };
    const invitation = (await get(
      context,
      collections.invitations,
      data.invitationId,
    )) as InvitationDocument | null;
    const status = invitationStatusAfter[type];
    return {
      ...base,
      subjectLabel: invitation?.email ?? null,
      changes:
        type === 'InvitationResent'
          ? change('expiresAt', invitation?.expiresAt, data.expiresAt)
          : status
            ? change('status', invitation?.status, status)
            : [],
    };
  }
  // Teams.
  const team =
    type === 'TeamCreated'
      ? null
      : ((await get(context, collections.teams, data.teamId)) as TeamDocument | null);
  const base = { orgId, kind: 'team' as const, subjectId: String(data.teamId) };
  switch (type) {
    case 'TeamCreated':
      return { ...base, subjectLabel: text(data.name), changes: created(data, ['name']) };
    case 'TeamUpdated':
      return { ...base, subjectLabel: text(data.name), changes: change('name', team?.name, data.name) };
    case 'TeamMemberAdded':
      return {
        ...base,
        subjectLabel: team?.name ?? null,
        changes: change('member', null, await userName(context, orgId, data.userId)),
      };
    case 'TeamMemberRemoved':
      return {
        ...base,
        subjectLabel: team?.name ?? null,
        changes: change('member', await userName(context, orgId, data.userId), null),
      };
    default:
      return { ...base, subjectLabel: team?.name ?? null, changes: [] };
  }
};

const describers: Record<string, Describe> = {
  TruckPosted: posting('truck'),
  TruckUpdated: posting('truck'),
  TruckRemoved: posting('truck'),
  LoadPosted: posting('load'),
  LoadUpdated: posting('load'),
  LoadRemoved: posting('load'),
  ...Object.fromEntries(envelopeEventTypes.map((type) => [type, envelope])),
  ...Object.fromEntries(organizationEventTypes.map((type) => [type, organizationEvent])),
};

/** The actor's name: from the event when it tells, the product's own actor, else as they joined. */
async function actorNameOf(
  context: ProjectionContext,
  orgId: string,
  actorId: string,
  told: string | null | undefined,
): Promise<string | null> {
  if (told) return told;
  if (actorId.startsWith('system:')) return SYSTEM_ACTOR_NAME;
  const actor = await context.get<ActorDocument>(collections.activityActors, actorDocumentId(orgId, actorId));
  return actor?.name ?? null;
}

const bounded = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value !== '' ? value.slice(0, max) : null;

/** An instant or a calendar date (stored as its UTC midnight) is searched by its date. */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})t\d{2}:\d{2}:\d{2}(?:\.\d+)?z$/;

/**
 * What the text filter matches: the subject's label, the actor's name and the values the event set,
 * lower-cased. Kept short (each value cut, the whole bounded, a value the text already holds left
 * out, an instant written as its date): every entry's words go into the trigram index, and a long
 * text costs every write and the index's size, not the finding.
 */
function searchTextOf(parts: unknown[]): string {
  let text = '';
  for (const part of parts) {
    let word =
      typeof part === 'string'
        ? part.slice(0, SEARCH_VALUE_MAX).toLowerCase()
        : typeof part === 'number'
          ? String(part)
          : '';
    // An instant is 20 characters or more with its "t" at the 11th: the pattern only for those.
    if (word.length >= 20 && word.charCodeAt(10) === 116) word = ISO_INSTANT.exec(word)?.[1] ?? word;
    if (!word || text.includes(word)) continue;
    text = text ? `${text} ${word}` : word;
    if (text.length >= SEARCH_TEXT_MAX) break;
  }
  return text.slice(0, SEARCH_TEXT_MAX);
}

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
