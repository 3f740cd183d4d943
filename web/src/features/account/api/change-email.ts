import { changeEmailAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { authPages } from '../../auth';

/**
 * An unverified address changes at once (and the new one gets a verification link); a verified
 * one stays until the change is confirmed from a link mailed to it. The links land back here.
 */
export function changeEmail(newEmail: string) {
  return request('/api/auth/change-email', {
    method: 'POST',
    body: { newEmail, callbackURL: authPages.account },
    answer: changeEmailAnswerSchema,
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (newEmail: string) => {
      await changeEmail(newEmail);
      return refreshSession(queryClient);
    },
  });
}
