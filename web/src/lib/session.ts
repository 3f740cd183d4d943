import { type SessionAnswer as SessionView, sessionAnswerSchema } from '@dispatch/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api-client';

export const sessionQueryKey = ['session'] as const;

export function getSession(): Promise<SessionView | null> {
  return request('/api/auth/get-session', { answer: sessionAnswerSchema }).then((session) => session ?? null);
}

/** docs/rules.md#constants-and-limits: the session view is fresh for 2 minutes. */
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 2 * 60_000 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** Reads the session again from the server, past its freshness window (after set-active, sign-in, …). */
export function refreshSession(queryClient: QueryClient): Promise<SessionView | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}
