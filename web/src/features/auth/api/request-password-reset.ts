import { requestPasswordResetAnswerSchema } from '@dispatch/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { authPages } from '../auth-pages';

/**
 * Asks for a reset link. The mailed link passes through the service, which sends the browser on
 * to /reset-password with the token, or with error=INVALID_TOKEN when it has expired.
 */
export function requestPasswordReset(email: string): Promise<unknown> {
  return request('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: authPages.resetPassword },
    answer: requestPasswordResetAnswerSchema,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
