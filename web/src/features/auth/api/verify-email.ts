import { type StatusAnswer, statusAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';

/**
 * Verifies the address a token was issued for. Without a callbackURL the service answers in
 * JSON (401 with the reason when it fails) instead of redirecting. It may sign the user in
 * (when configured to), so the session is read again afterwards.
 */
export function verifyEmail(token: string): Promise<StatusAnswer> {
  return request('/api/auth/verify-email', { search: { token }, answer: statusAnswerSchema });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      await verifyEmail(token);
      return refreshSession(queryClient);
    },
  });
}
