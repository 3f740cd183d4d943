import {
  type ActivityEntry,
  type ActivityKind,
  activityKindLabels,
  envelopeTypeLabels,
  formatDateTime,
  memberRoleLabels,
} from '@dispatch/domain';
import { browserTimeZone } from '../../lib/organization-dates';
import { fieldLabel, valueText } from '../history';
import { envelopeFieldLabel, envelopeValueText } from '../sign-pro';

/** What each event did, in words that read after the actor's name: "Ada edited truck Big Blue". */
const actions: Record<string, string> = {
  TruckPosted: 'posted truck',
  TruckUpdated: 'edited truck',
  TruckRemoved: 'removed truck',
  TruckRefreshed: 'refreshed truck',
  TruckExpired: 'expired truck',
  TruckReposted: 're-posted expired truck',
  LoadPosted: 'posted load',
  LoadUpdated: 'edited load',
  LoadRemoved: 'removed load',
  LoadRefreshed: 'refreshed load',
  LoadExpired: 'expired load',
  LoadReposted: 're-posted expired load',
  EnvelopeSent: 'sent an envelope to',
  EnvelopeResent: 'sent the envelope again to',
  SigningLinkIssued: 'copied a new signing link for',
  EnvelopeReminderSent: 'sent a reminder to',
  EnvelopeDelivered: 'opened the envelope of',
  EnvelopeCompleted: 'signed the envelope of',
  EnvelopeRejected: 'declined the envelope of',
  EnvelopeVoided: 'voided the envelope of',
  EnvelopeCancelled: 'cancelled the envelope of',
  OrganizationCreated: 'created the organization',
  OrganizationUpdated: 'changed the organization',
  OrganizationDeleted: 'deleted the organization',
  MemberAdded: 'added member',
  MemberRoleChanged: 'changed the role of',
  MemberRemoved: 'removed member',
  MemberLeft: 'left the organization:',
  InvitationSent: 'invited',
  InvitationResent: 'sent the invitation again to',
  InvitationCanceled: 'cancelled the invitation of',
  InvitationAccepted: 'accepted the invitation of',
  InvitationRejected: 'declined the invitation of',
  InvitationExpired: 'followed an expired invitation of',
  TeamCreated: 'created team',
  TeamUpdated: 'renamed team',
  TeamDeleted: 'deleted team',
  TeamMemberAdded: 'added a member to team',
  TeamMemberRemoved: 'took a member off team',
  ApiKeyCreated: 'created API key',
  ApiKeyRevoked: 'revoked API key',
};

/** The event in words: "edited truck"; an unknown type spelled out from its name. */
export function activityActionOf(type: string): string {
  return actions[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Who did it: a member by name, an envelope's receiver, the product itself, or someone outside it. */
export function activityActorOf(entry: Pick<ActivityEntry, 'actorId' | 'actorName'>): string {
  if (entry.actorName) return entry.actorName;
  if (entry.actorId.startsWith('receiver:')) return 'The receiver';
  if (entry.actorId.startsWith('system')) return 'System';
  // Members who left keep their names in the log: an unnamed actor never was one (a platform admin).
  return 'Someone outside the organization';
}

export const kindLabel = (kind: ActivityKind) => activityKindLabels[kind];

const organizationFieldLabels: Record<string, string> = {
  role: 'Role',
  status: 'Status',
  expiresAt: 'Valid until',
  email: 'E-mail',
  name: 'Name',
  slug: 'Address',
  timeZone: 'Time zone',
  member: 'Member',
  scopes: 'Scopes',
};

/** A changed field's label, in the words of its kind's screens. */
export function changeFieldLabel(kind: ActivityKind, field: string): string {
  if (kind === 'envelope') return envelopeFieldLabel(field);
  if (kind === 'truck' || kind === 'load') return fieldLabel(field);
  return organizationFieldLabels[field] ?? fieldLabel(field);
}

/** A changed value as the screens show it; "—" for none. */
export function changeValueText(
  kind: ActivityKind,
  field: string,
  value: unknown,
  type?: string,
  timeZone: string = browserTimeZone(),
): string {
  if (kind === 'envelope' && field === 'type' && typeof value === 'string')
    return envelopeTypeLabels[value as 'driver'] ?? value;
  if (kind === 'envelope') return envelopeValueText(field, value, type, timeZone);
  if (kind === 'truck' || kind === 'load') return valueText(field, value);
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'role' && typeof value === 'string') return memberRoleLabels[value as 'owner'] ?? value;
  if (field === 'status' && typeof value === 'string') return value.charAt(0).toUpperCase() + value.slice(1);
  if (field === 'expiresAt' && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return formatDateTime(value, timeZone);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Whether an entry's subject has a board whose past it can be seen at (the as-of boards). */
export const boardOfKind = (kind: ActivityKind): 'trucks' | 'loads' | null =>
  kind === 'truck' ? 'trucks' : kind === 'load' ? 'loads' : null;

/** The receiver's name out of an envelope's label "Rita Receiver (rita@example.com)". */
export const receiverNameOf = (label: string | null) => label?.replace(/\s*\([^()]*\)$/, '') || undefined;

/** Whether an event edits its subject: a field it sets that was empty reads "— → value" there. */
export const isEdit = (type: string) => type.endsWith('Updated');
