import type { OutgoingMail } from './mailer.ts';

// Mail wording stays neutral: the product's own name is never shown to recipients.

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkMail(to: string, subject: string, intro: string, action: string, url: string): OutgoingMail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>If you did not ask for this, you can ignore this e-mail.</p>`,
  };
}

export function verificationMail(to: string, url: string): OutgoingMail {
  return linkMail(
    to,
    'Verify your email address',
    'Please confirm that this is your email address.',
    'Verify email',
    url,
  );
}

export function resetPasswordMail(to: string, url: string): OutgoingMail {
  return linkMail(
    to,
    'Reset your password',
    'We received a request to reset the password of your account. The link is valid for one hour.',
    'Reset password',
    url,
  );
}
