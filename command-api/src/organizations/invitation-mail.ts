import type { OutgoingMail } from '@dispatch/auth';
import { formatDateTime, type InvitationRole, memberRoleLabels } from '@dispatch/domain';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The link an invitee follows; the page accepts for a signed-in invitee or lets a new one sign up. */
export const acceptInvitationUrl = (publicUrl: string, invitationId: string) =>
  new URL(`/accept-invitation/${encodeURIComponent(invitationId)}`, publicUrl).toString();

// Mail wording stays neutral: the product's own name is never shown to recipients.
export function invitationMail(input: {
  to: string;
  organizationName: string;
  inviterName: string;
  role: InvitationRole;
  url: string;
  expiresAt: string;
  /** The organization's time zone: the expiry reads in it. */
  timeZone: string;
}): OutgoingMail {
  const role = memberRoleLabels[input.role];
  const intro = `${input.inviterName} invited you to join ${input.organizationName} as ${role}.`;
  const expiry = `The invitation is valid until ${formatDateTime(input.expiresAt, input.timeZone)} (${input.timeZone.replaceAll('_', ' ')} time).`;
  return {
    to: input.to,
    subject: `You are invited to join ${input.organizationName}`,
    text: `${intro}\n\nAccept the invitation: ${input.url}\n\n${expiry} If you did not expect it, you can ignore this e-mail.\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(input.url)}">Accept the invitation</a></p><p>${escapeHtml(expiry)} If you did not expect it, you can ignore this e-mail.</p>`,
  };
}
