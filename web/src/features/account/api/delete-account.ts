import { type DeleteUserAnswer, deleteUserAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { forgetPositions } from '../../../lib/event-position';
import { sessionQueryKey } from '../../../lib/session';
import { authPages } from '../../auth';

/** `message` is "User deleted", or "Verification email sent" when the deletion waits for a mailed link. */
export type DeleteAccountAnswer = DeleteUserAnswer;

export function deleteAccount(password: string): Promise<DeleteAccountAnswer> {
  return request('/api/auth/delete-user', {
    method: 'POST',
    // The mailed confirmation link, once followed, ends on the sign-in page.
    body: { password, callbackURL: authPages.login },
    answer: deleteUserAnswerSchema,
  });
}

export const isDeleted = (answer: DeleteAccountAnswer) => answer.message !== 'Verification email sent';

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (answer) => {
      if (!isDeleted(answer)) return;
      // The user and its sessions are gone: nothing cached may outlive them.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      forgetPositions();
    },
  });
}
