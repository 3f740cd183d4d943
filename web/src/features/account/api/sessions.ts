import {
  type ActiveSessionAnswer,
  activeSessionsAnswerSchema,
  type StatusAnswer,
  statusAnswerSchema,
} from '@dispatch/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** A signed-in browser or device of this user. */
export type ActiveSession = ActiveSessionAnswer;

export function listSessions(): Promise<ActiveSession[]> {
  return request('/api/auth/list-sessions', { answer: activeSessionsAnswerSchema });
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.sessions(), queryFn: listSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function revokeSession(token: string): Promise<StatusAnswer> {
  return request('/api/auth/revoke-session', { method: 'POST', body: { token }, answer: statusAnswerSchema });
}

export function revokeOtherSessions(): Promise<StatusAnswer> {
  return request('/api/auth/revoke-other-sessions', { method: 'POST', body: {}, answer: statusAnswerSchema });
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
