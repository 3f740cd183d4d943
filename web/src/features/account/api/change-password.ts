import { changePasswordAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { accountKeys } from './account-keys';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

export function changePassword(input: ChangePasswordInput) {
  return request('/api/auth/change-password', {
    method: 'POST',
    body: input,
    answer: changePasswordAnswerSchema,
  });
}

/** Revoking the other sessions gives this browser a new session too, so the session is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (_answer, input) => {
      if (!input.revokeOtherSessions) return;
      await refreshSession(queryClient);
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
  });
}
