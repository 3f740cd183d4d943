import { signInAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { authPages } from '../auth-pages';

export interface SignInInput {
  email: string;
  password: string;
  rememberMe: boolean;
}

/**
 * An unverified user is refused (403) and the service mails a new verification link, which
 * lands on `callbackURL` once followed.
 */
export function signIn(input: SignInInput): Promise<unknown> {
  return request('/api/auth/sign-in/email', {
    method: 'POST',
    body: { ...input, callbackURL: authPages.emailVerified },
    answer: signInAnswerSchema,
  });
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
