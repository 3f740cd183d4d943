import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { authPages } from '../../auth/auth-pages';
import { accountKeys } from './account-keys';

/** A way of signing in to this user: `credential` is the password, anything else a provider. */
export interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
  createdAt: string;
  updatedAt: string;
  scopes: string[];
}

export function listLinkedAccounts(): Promise<LinkedAccount[]> {
  return request<LinkedAccount[]>('/api/auth/list-accounts');
}

export const linkedAccountsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.linkedAccounts(), queryFn: listLinkedAccounts });

export function useLinkedAccounts() {
  return useQuery(linkedAccountsQueryOptions());
}

/** Sends the browser to the provider; it comes back to the account page (with `error` when refused). */
export async function linkProvider(provider: string): Promise<void> {
  const answer = await request<{ url?: string }>('/api/auth/link-social', {
    method: 'POST',
    body: { provider, callbackURL: authPages.account, errorCallbackURL: authPages.account },
  });
  if (answer.url) window.location.assign(answer.url);
}

export function useLinkProvider() {
  return useMutation({ mutationFn: linkProvider });
}

export function unlinkAccount(account: LinkedAccount): Promise<{ status: boolean }> {
  return request('/api/auth/unlink-account', {
    method: 'POST',
    body: { providerId: account.providerId, accountId: account.id },
  });
}

export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.linkedAccounts() }),
  });
}
