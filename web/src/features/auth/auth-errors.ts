/**
 * The reasons the service gives in an `error` query value (after a mailed link or a provider
 * callback) or a 401 code, as words for the user. docs/rules.md#errors names them in lowercase; the
 * service may send the same codes in capitals, so they are compared lowercased.
 */

export type VerifyEmailError = 'token_expired' | 'invalid_token' | 'user_not_found' | 'unauthorized';

const verifyEmailMessages: Record<VerifyEmailError, string> = {
  token_expired: 'This verification link has expired. Request a new one below.',
  invalid_token: 'This verification link is not valid. Request a new one below.',
  user_not_found: 'There is no account with this email address any more.',
  unauthorized: 'This link belongs to another account. Sign out and open it again.',
};

/** Whether an `error` value is one of a verification link's reasons rather than a provider's. */
export function isVerifyEmailError(code: string): boolean {
  const value = code.trim().toLowerCase();
  return value === 'invalid_user' || value in verifyEmailMessages;
}

/** The reason a verification failed, as the spec names it (`invalid_user` is the service's word for a foreign link). */
export function verifyEmailError(code: string): VerifyEmailError {
  const value = code.trim().toLowerCase();
  if (value === 'invalid_user') return 'unauthorized';
  return value in verifyEmailMessages ? (value as VerifyEmailError) : 'invalid_token';
}

export function verifyEmailErrorMessage(error: VerifyEmailError): string {
  return verifyEmailMessages[error];
}

/** A reset link that is missing, used or expired comes back as error=INVALID_TOKEN. */
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Request a new one.';

const socialMessages: Record<string, string> = {
  please_restart_the_process: 'The sign-in took too long or was already used. Please start again.',
  state_not_found: 'The sign-in took too long or was already used. Please start again.',
  access_denied: 'The sign-in was cancelled at the provider.',
  account_not_linked:
    'An account with this email already exists. Sign in with your password, then link the provider from your account page.',
  "email_doesn't_match": 'The provider account uses a different email address than yours.',
  account_already_linked_to_different_user: 'This provider account is already linked to another user.',
  unable_to_link_account: 'The provider account could not be linked.',
  email_not_found: 'The provider did not share an email address.',
  signup_disabled: 'New accounts cannot be created with this provider.',
  email_not_verified: 'Your email address is not verified yet. Open the link we sent you, then sign in.',
};

/** The message for an `error` value a provider callback returned with. */
export function socialErrorMessage(code: string): string {
  const value = code.trim().toLowerCase().replace(/ /g, '_');
  return socialMessages[value] ?? `Signing in with the provider did not work (${code}). Please try again.`;
}
