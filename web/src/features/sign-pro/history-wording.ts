import {
  deliveryMethodLabels,
  envelopeStatusLabels,
  formatDateTime,
  type HistoryEntry,
  templateLabels,
} from '@dispatch/domain';
import { browserTimeZone } from '../../lib/organization-dates';
import { describeDevice } from '../account';
import { fieldLabel } from '../history';

/** Who did it: a member by name, the receiver (who has no account), or the product itself. */
export function actorOf(entry: Pick<HistoryEntry, 'actor'>, receiverName: string): string {
  if (entry.actor.name) return entry.actor.name;
  if (entry.actor.id.startsWith('receiver:')) return receiverName;
  if (entry.actor.id === 'system' || entry.actor.id.startsWith('system')) return 'The product';
  return 'A former member';
}

const actions: Record<string, string> = {
  EnvelopeSent: 'sent the envelope',
  EnvelopeResent: 'sent the envelope again',
  SigningLinkIssued: 'copied a new signing link',
  EnvelopeReminderSent: 'sent a reminder',
  EnvelopeDelivered: 'opened the document',
  EnvelopeCompleted: 'signed the document',
  EnvelopeRejected: 'declined the document',
  EnvelopeVoided: 'voided the envelope',
  EnvelopeCancelled: 'cancelled the envelope',
};

/** What an event did, in words: "opened the document". */
export function envelopeActionOf(type: string): string {
  return actions[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The kind of moment, for its icon and colour. */
export function envelopeEventTone(type: string): 'sent' | 'link' | 'opened' | 'signed' | 'closed' | 'other' {
  if (type === 'SigningLinkIssued') return 'link';
  if (type === 'EnvelopeSent' || type === 'EnvelopeResent' || type === 'EnvelopeReminderSent') return 'sent';
  if (type === 'EnvelopeDelivered') return 'opened';
  if (type === 'EnvelopeCompleted') return 'signed';
  if (type === 'EnvelopeRejected' || type === 'EnvelopeVoided' || type === 'EnvelopeCancelled')
    return 'closed';
  return 'other';
}

const cancelReasonLabels: Record<string, string> = {
  expired: 'The link expired',
  delivery_failed: 'The message could not be delivered',
};

/**
 * Fields the history does not list: the status (the action says it), the type (the table's), and
 * anything only the machinery reads.
 */
const hiddenFields = new Set(['envelopeStatus', 'type', 'tokenHash', 'envelopeId', 'id', 'version']);

const envelopeFieldLabels: Record<string, string> = {
  voidReason: 'Reason',
  reason: 'Reason',
  rejectReason: 'Reason',
  cancelReason: 'Why',
  signerName: 'Signed as',
  receiverName: 'Receiver',
  receiverEmail: 'E-mail',
  receiverPhoneNumber: 'Phone',
  deliveryMethod: 'Sent by',
  templateId: 'Document',
  envelopeStatus: 'Status',
  expiresAt: 'Link valid until',
  reminder: 'Reminder',
  remindersSent: 'Reminders sent',
  signature: 'Signature',
  detail: 'Detail',
  ip: 'From address',
  userAgent: 'Device',
};

export const isShownField = (field: string) => !hiddenFields.has(field);

export function envelopeFieldLabel(field: string): string {
  return envelopeFieldLabels[field] ?? fieldLabel(field);
}

/** A field's value as the history shows it. */
export function envelopeValueText(
  field: string,
  value: unknown,
  type?: string,
  timeZone: string = browserTimeZone(),
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value !== 'string') return String(value);
  if (field === 'userAgent') return describeDevice(value);
  if (field === 'signature') return value === 'drawn' ? 'Drawn' : value === 'typed' ? 'Typed name' : value;
  if (field === 'deliveryMethod') return deliveryMethodLabels[value as 'email'] ?? value;
  if (field === 'templateId') return templateLabels[value as 'client-agreement'] ?? value;
  if (field === 'envelopeStatus') return envelopeStatusLabels[value as 'sent'] ?? value;
  if (field === 'cancelReason' || (field === 'reason' && type === 'EnvelopeCancelled')) {
    return cancelReasonLabels[value] ?? value;
  }
  if (/At$/.test(field) && !Number.isNaN(Date.parse(value))) return formatDateTime(value, timeZone);
  return value;
}
