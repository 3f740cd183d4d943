import { format } from 'date-fns';
import { KeyRound, Link2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '../../../components/errors/query-error';
import { BusyButton, Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { type SocialProvider, useSocialProviders } from '../../auth';
import {
  type LinkedAccount,
  useLinkedAccounts,
  useLinkProvider,
  useUnlinkAccount,
} from '../api/linked-accounts';
import { AccountSection } from './account-section';

const CREDENTIAL = 'credential';

function providerName(providerId: string, providers: SocialProvider[]): string {
  if (providerId === CREDENTIAL) return 'Email and password';
  return providers.find((provider) => provider.id === providerId)?.name ?? providerId;
}

/**
 * The ways this user signs in: the password and each linked provider. The last one cannot be
 * unlinked, or nobody could sign in to the account again.
 */
export function LinkedAccountsSection() {
  const accounts = useLinkedAccounts();
  const { data: providers = [] } = useSocialProviders();
  const link = useLinkProvider();
  const unlink = useUnlinkAccount();
  const [failure, setFailure] = useState<string | null>(null);

  const list = accounts.data ?? [];
  const linkable = providers.filter(
    (provider) => !list.some((account) => account.providerId === provider.id),
  );
  const isLast = list.length <= 1;

  const remove = (account: LinkedAccount) => {
    setFailure(null);
    unlink.mutate(account, {
      onSuccess: () => toast.success(`${providerName(account.providerId, providers)} was unlinked`),
      onError: (error) => setFailure(error.message || 'Could not unlink the account. Try again.'),
    });
  };

  const start = (provider: SocialProvider) => {
    setFailure(null);
    link.mutate(provider.id, {
      onError: (error) =>
        setFailure(isApiError(error) ? error.message : `Could not reach ${provider.name}. Try again.`),
    });
  };

  return (
    <AccountSection id="linked-accounts" title="Sign-in methods" description="The ways you can sign in.">
      <div className="flex flex-col gap-4">
        <FormAlert message={failure} />
        {accounts.isPending ? (
          <Spinner label="Loading sign-in methods" />
        ) : accounts.isError ? (
          <QueryError
            error={accounts.error}
            title="Could not load your sign-in methods"
            onRetry={() => void accounts.refetch()}
            retrying={accounts.isFetching}
            className="py-4"
          />
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {list.map((account) => {
              const name = providerName(account.providerId, providers);
              return (
                <li key={account.id} className="flex items-center gap-3 px-3 py-2.5">
                  {account.providerId === CREDENTIAL ? (
                    <KeyRound className="size-4 text-muted-foreground" aria-hidden />
                  ) : (
                    <Link2 className="size-4 text-muted-foreground" aria-hidden />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium">{name}</p>
                    <p className="text-xs text-muted-foreground">
                      Added {format(new Date(account.createdAt), 'MMM dd, yyyy')}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={isLast || unlink.isPending}
                    title={isLast ? "You can't unlink your last account" : undefined}
                    aria-label={`Unlink ${name}`}
                    onClick={() => remove(account)}
                  >
                    Unlink
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {isLast && list.length ? (
          <p className="text-xs text-muted-foreground">
            Your only sign-in method cannot be unlinked. Link another one first.
          </p>
        ) : null}
        {linkable.length ? (
          <div className="flex flex-wrap gap-2">
            {linkable.map((provider) => (
              <BusyButton
                key={provider.id}
                variant="outline"
                disabled={link.isPending}
                onClick={() => start(provider)}
                pending={link.isPending && link.variables === provider.id}
              >
                Link {provider.name}
              </BusyButton>
            ))}
          </div>
        ) : null}
      </div>
    </AccountSection>
  );
}
