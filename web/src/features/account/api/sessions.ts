import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** A signed-in browser or device of this user. */
export interface ActiveSession {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export function listSessions(): Promise<ActiveSession[]> {
  return request<ActiveSession[]>('/api/auth/list-sessions');
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.sessions(), queryFn: listSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function revokeSession(token: string): Promise<{ status: boolean }> {
  return request('/api/auth/revoke-session', { method: 'POST', body: { token } });
}

export function revokeOtherSessions(): Promise<{ status: boolean }> {
  return request('/api/auth/revoke-other-sessions', { method: 'POST', body: {} });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
