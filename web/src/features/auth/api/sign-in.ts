import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { refreshSession } from './get-session';

export interface SignInInput {
  email: string;
  password: string;
  rememberMe: boolean;
}

export function signIn(input: SignInInput): Promise<unknown> {
  return request('/api/auth/sign-in/email', { method: 'POST', body: input });
}

/** Signs in, then reads the new session so the guards decide on it. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await signIn(input);
      queryClient.clear();
      return refreshSession(queryClient);
    },
  });
}
