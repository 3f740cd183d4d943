import type { OutgoingMail } from '@dispatch/auth';
import { type Envelope, formatDate, templateLabels } from '@dispatch/domain';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A message to an envelope's receiver, in both forms; the envelope's delivery method picks one. */
export interface ReceiverMessage {
  mail: Omit<OutgoingMail, 'to'>;
  sms: string;
}

export type SigningRequestKind = 'sent' | 'resent' | 'reminder';

/**
 * The signing request, its resend and its reminders: each carries a link of its own. Days read in
 * `timeZone`, the sending organization's.
 */
export function signingRequestMessage(
  envelope: Envelope,
  url: string,
  kind: SigningRequestKind,
  timeZone: string,
): ReceiverMessage {
  const title = templateLabels[envelope.templateId];
  const org = envelope.organizationName;
  const subject =
    kind === 'reminder'
      ? `Reminder: ${org} is waiting for your signature on the ${title}`
      : `${org} asks you to sign the ${title}`;
  const intro =
    kind === 'reminder'
      ? `${org} is still waiting for your signature on the ${title}.`
      : `${envelope.senderName} of ${org} sent you the ${title} to read and sign.`;
  const expiry = `The link works until ${formatDate(envelope.expiresAt, timeZone)}. If you did not expect this, you can ignore it.`;
  return {
    mail: {
      subject,
      text: `Hello ${envelope.receiverName},\n\n${intro}\n\nRead and sign: ${url}\n\n${expiry}\n`,
      html: `<p>Hello ${escapeHtml(envelope.receiverName)},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">Read and sign</a></p><p>${escapeHtml(expiry)}</p>`,
    },
    sms:
      kind === 'reminder'
        ? `Reminder from ${org}: please sign the ${title}: ${url}`
        : `${org} sent you the ${title} to sign: ${url}`,
  };
}

/** Tells the receiver, on the channel the envelope went by, that there is nothing left to sign. */
export function voidedMessage(envelope: Envelope, timeZone: string): ReceiverMessage {
  const title = templateLabels[envelope.templateId];
  const org = envelope.organizationName;
  const text = `${org} voided the ${title} sent to you on ${formatDate(envelope.createdAt, timeZone)}. You do not need to sign it, and its link no longer works.`;
  return {
    mail: {
      subject: `${org} voided the ${title}`,
      text: `Hello ${envelope.receiverName},\n\n${text}\n`,
      html: `<p>Hello ${escapeHtml(envelope.receiverName)},</p><p>${escapeHtml(text)}</p>`,
    },
    sms: text,
  };
}
