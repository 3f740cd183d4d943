import { type StatusAnswer, statusAnswerSchema } from '@dispatch/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { authPages } from '../auth-pages';

/**
 * Sends the verification link again. The service answers the same whether or not the address
 * is known; `callbackURL` is where the link lands once it has been followed.
 */
export function sendVerificationEmail(input: { email: string; callbackURL?: string }): Promise<StatusAnswer> {
  return request('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email: input.email, callbackURL: input.callbackURL ?? authPages.emailVerified },
    answer: statusAnswerSchema,
  });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
