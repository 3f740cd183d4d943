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

export function changeEmailConfirmationMail(to: string, newEmail: string, url: string): OutgoingMail {
  return linkMail(
    to,
    'Confirm your new email address',
    `We received a request to change the email address of your account to ${newEmail}. Confirm it here; we will then send a verification link to the new address.`,
    'Confirm email change',
    url,
  );
}

export function deleteAccountMail(to: string, url: string): OutgoingMail {
  return linkMail(
    to,
    'Confirm the deletion of your account',
    'We received a request to delete your account. Following the link deletes the account and everything signed in with it; this cannot be undone. The link is valid for 24 hours.',
    'Delete my account',
    url,
  );
}

/**
 * Sign-up answers the same whether the address is new or taken, so that it reveals no account;
 * the owner of a taken address learns of the attempt here instead.
 */
export function existingAccountMail(to: string, signInUrl: string): OutgoingMail {
  return linkMail(
    to,
    'Someone tried to create an account with your email',
    'Someone tried to create a new account with this email address, which already has an account. If it was you, sign in instead, or reset your password from the sign-in page.',
    'Sign in',
    signInUrl,
  );
}

export function phoneVerificationSms(code: string, minutes: number): string {
  return `Your verification code is ${code}. It expires in ${minutes} minutes.`;
}
