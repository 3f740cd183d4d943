import { signOutAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { forgetPositions } from '../../../lib/event-position';
import { sessionQueryKey } from '../../../lib/session';

export function signOut(): Promise<unknown> {
  return request('/api/auth/sign-out', { method: 'POST', body: {}, answer: signOutAnswerSchema });
}

/** Ends the session and drops everything cached for this user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      forgetPositions();
    },
  });
}
