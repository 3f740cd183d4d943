import {
  type LinkedAccountAnswer,
  linkedAccountsAnswerSchema,
  redirectAnswerSchema,
  type StatusAnswer,
  statusAnswerSchema,
} from '@dispatch/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { authPages } from '../../auth';
import { accountKeys } from './account-keys';

/** A way of signing in to this user: `credential` is the password, anything else a provider. */
export type LinkedAccount = LinkedAccountAnswer;

export function listLinkedAccounts(): Promise<LinkedAccount[]> {
  return request('/api/auth/list-accounts', { answer: linkedAccountsAnswerSchema });
}

export const linkedAccountsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.linkedAccounts(), queryFn: listLinkedAccounts });

export function useLinkedAccounts() {
  return useQuery(linkedAccountsQueryOptions());
}

/** Sends the browser to the provider; it comes back to the account page (with `error` when refused). */
export async function linkProvider(provider: string): Promise<void> {
  const answer = await request('/api/auth/link-social', {
    method: 'POST',
    body: { provider, callbackURL: authPages.account, errorCallbackURL: authPages.account },
    answer: redirectAnswerSchema,
  });
  if (answer.url) window.location.assign(answer.url);
}

export function useLinkProvider() {
  return useMutation({ mutationFn: linkProvider });
}

export function unlinkAccount(account: LinkedAccount): Promise<StatusAnswer> {
  return request('/api/auth/unlink-account', {
    method: 'POST',
    body: { providerId: account.providerId, accountId: account.id },
    answer: statusAnswerSchema,
  });
}

export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.linkedAccounts() }),
  });
}
