import { redirectAnswerSchema } from '@dispatch/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { authPages } from '../auth-pages';

/**
 * Starts a provider sign-in: the service answers with the provider's authorization address and
 * the browser goes there. The provider's callback brings the user back to the sign-in page,
 * which sends a signed-in user on to their home (or shows the `error` it was given).
 */
export async function signInSocial(provider: string): Promise<void> {
  const answer = await request('/api/auth/sign-in/social', {
    method: 'POST',
    body: {
      provider,
      callbackURL: authPages.login,
      newUserCallbackURL: authPages.login,
      errorCallbackURL: authPages.login,
    },
    answer: redirectAnswerSchema,
  });
  if (answer.url) window.location.assign(answer.url);
}

export function useSignInSocial() {
  return useMutation({ mutationFn: signInSocial });
}
