import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { refreshSession } from './get-session';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

export function signUp(input: SignUpInput): Promise<unknown> {
  return request('/api/auth/sign-up/email', { method: 'POST', body: input });
}

/** Creates the account; the server signs the new user in unless e-mail verification is required. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      await signUp(input);
      queryClient.clear();
      return refreshSession(queryClient);
    },
  });
}
