import type { Mailer, OutgoingMail, QuotaLedger } from '@dispatch/auth';
import { collections, type MemberDocument, type OrganizationDocument } from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Mail wording stays neutral: the product's own name is never shown to recipients.
export function webhookDisabledMail(input: {
  to: string;
  organizationName: string;
  url: string;
  reason: string;
  settingsUrl: string;
}): OutgoingMail {
  const intro = `Deliveries to the webhook ${input.url} of ${input.organizationName} have stopped: ${input.reason}.`;
  const next =
    'Fix the receiving end, then enable the webhook again in the settings; what happened meanwhile can be replayed.';
  return {
    to: input.to,
    subject: `A webhook of ${input.organizationName} was disabled`,
    text: `${intro}\n\n${next}\n\n${input.settingsUrl}\n`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(next)}</p><p><a href="${escapeHtml(input.settingsUrl)}">Webhook settings</a></p>`,
  };
}

/**
 * Tells the organization's owners and admins that an endpoint was disabled. Each mail counts against
 * the sending quotas like every mail the product sends; one past a quota is not sent.
 */
export async function mailWebhookDisabled(options: {
  documents: DocumentStore;
  mailer: Mailer;
  quotas: QuotaLedger;
  publicUrl: string;
  orgId: string;
  url: string;
  reason: string;
}): Promise<number> {
  const { documents, orgId } = options;
  const [members, organization] = await Promise.all([
    documents.find<MemberDocument>(collections.members, {
      filter: { orgId: { eq: orgId }, role: { in: ['owner', 'admin'] } },
      limit: 100,
    }),
    documents.get<OrganizationDocument>(collections.organizations, orgId),
  ]);
  const settingsUrl = new URL('/settings/webhooks', options.publicUrl).toString();
  let sent = 0;
  for (const member of members) {
    const taken = await options.quotas.take({
      orgId,
      userId: member.userId,
      channel: 'email',
      kind: 'alert',
      receiver: member.email,
    });
    if (!taken.granted) continue;
    try {
      await options.mailer.send(
        webhookDisabledMail({
          to: member.email,
          organizationName: organization?.name ?? '',
          url: options.url,
          reason: options.reason,
          settingsUrl,
        }),
      );
      sent += 1;
    } catch (error) {
      await taken.release();
      throw error;
    }
  }
  return sent;
}
