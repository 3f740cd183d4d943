import { signUpAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { authPages } from '../auth-pages';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** `callbackURL` is where the mailed verification link lands once followed. */
export function signUp(input: SignUpInput): Promise<unknown> {
  return request('/api/auth/sign-up/email', {
    method: 'POST',
    body: { ...input, callbackURL: authPages.emailVerified },
    answer: signUpAnswerSchema,
  });
}

/**
 * Creates the account. The service signs the new user in unless e-mail verification is required:
 * the session read afterwards is null then, and the user is asked to open the mailed link.
 */
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
