import { useState } from 'react';
import { BusyButton } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { useSocialProviders } from '../api/get-social-providers';
import { useSignInSocial } from '../api/sign-in-social';

/** One button per provider the service is configured for; nothing at all when there is none. */
export function SocialSignIn() {
  const { data: providers = [] } = useSocialProviders();
  const signIn = useSignInSocial();
  const [failure, setFailure] = useState<string | null>(null);
  if (!providers.length) return null;

  const start = (provider: string) => {
    setFailure(null);
    signIn.mutate(provider, {
      onError: (error) =>
        setFailure(isApiError(error) ? error.message : 'Could not reach the provider. Try again.'),
    });
  };

  return (
    <section aria-label="Sign in with a provider" className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <FormAlert message={failure} />
      <div className="flex flex-col gap-2">
        {providers.map((provider) => {
          const busy = signIn.isPending && signIn.variables === provider.id;
          return (
            <BusyButton
              key={provider.id}
              variant="outline"
              size="lg"
              className="w-full"
              disabled={signIn.isPending}
              onClick={() => start(provider.id)}
              pending={busy}
            >
              Continue with {provider.name}
            </BusyButton>
          );
        })}
      </div>
    </section>
  );
}
