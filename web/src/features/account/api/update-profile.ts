import { type ProfileUpdate, type StatusAnswer, statusAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';

export function updateProfile(input: ProfileUpdate): Promise<StatusAnswer> {
  return request('/api/auth/update-user', { method: 'POST', body: input, answer: statusAnswerSchema });
}

/** Saves the profile, then reads the session again: the user menu shows the new name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdate) => {
      await updateProfile(input);
      return refreshSession(queryClient);
    },
  });
}
