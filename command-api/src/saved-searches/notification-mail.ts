import type { OutgoingMail } from '@dispatch/auth';
import type { NotificationDocument } from '@dispatch/read-models';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The address of the posting a notification is about: its page in the organization's board. */
export const postingUrl = (publicUrl: string, slug: string, notification: NotificationDocument) =>
  `${publicUrl.replace(/\/$/, '')}/${encodeURIComponent(slug)}/${notification.postingKind}/edit/${notification.postingId}`;

/** The alert e-mail of one notification: the search, the posting, and a link to it. */
export function notificationMail(input: {
  notification: NotificationDocument;
  searchName: string;
  receiverName: string;
  organizationName: string;
  slug: string;
  publicUrl: string;
}): Omit<OutgoingMail, 'to'> {
  const { notification, searchName, receiverName, organizationName, slug, publicUrl } = input;
  const noun = notification.postingKind === 'trucks' ? 'truck' : 'load';
  const url = postingUrl(publicUrl, slug, notification);
  const searches = `${publicUrl.replace(/\/$/, '')}/${encodeURIComponent(slug)}/saved-searches`;
  const how =
    notification.reason === 'posted'
      ? `was posted in ${organizationName}`
      : `in ${organizationName} was changed`;
  const intro = `A ${noun} that matches your saved search "${searchName}" ${how}:`;
  const distance = notification.distance === null ? '' : ` · ${notification.distance} mi away`;
  const lines = [notification.title, `${notification.detail}${distance}`];
  const footer = `You get this e-mail because "${searchName}" alerts you by e-mail. Change that under Saved searches: ${searches}`;
  return {
    subject: `New match for "${searchName}": ${notification.title}`,
    text: `Hello ${receiverName},\n\n${intro}\n\n${lines.join('\n')}\n\nOpen the ${noun}: ${url}\n\n${footer}\n`,
    html:
      `<p>Hello ${escapeHtml(receiverName)},</p><p>${escapeHtml(intro)}</p>` +
      `<p><strong>${escapeHtml(lines[0] as string)}</strong><br>${escapeHtml(lines[1] as string)}</p>` +
      `<p><a href="${escapeHtml(url)}">Open the ${noun}</a></p><p>${escapeHtml(footer)}</p>`,
  };
}
