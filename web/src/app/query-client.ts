import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';
import { shareAnswer } from '../lib/event-position';

/** docs/rules.md#constants-and-limits: the fetch client's linear retry delay. */
export const RETRY_DELAY_MS = 1000;
/** A failing query is tried at most this many times in all: the first call and two retries. */
export const MAX_QUERY_ATTEMPTS = 3;

/**
 * The gateway's answers while a service is restarting or unreachable (deploy/nginx): the same call
 * may well succeed a second later. Other 5xx answers (a 500 is a bug) and every 4xx would not change.
 */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/** A failure that a repeat of the same idempotent call may get past: no network, or a gateway error. */
export function isTransientError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === 'NETWORK_ERROR' || error.status === 0 || TRANSIENT_STATUSES.has(error.status);
}

/**
 * Queries are GETs, idempotent: retried on network and gateway errors only. `failureCount` is the
 * number of failed calls before this one (TanStack's count), so this allows two retries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isTransientError(error) && failureCount < MAX_QUERY_ATTEMPTS - 1;
}

export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }): QueryClient {
  // A 401 on any call means the session ended (expired, revoked, signed out in another tab).
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      // A fixed delay, not TanStack's default doubling one (1 s, 2 s, 4 s, …).
      // Each answer keeps the position it reflects (a change notice then refetches only older ones).
      queries: {
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
        refetchOnWindowFocus: true,
        structuralSharing: shareAnswer,
      },
      // Commands are not idempotent: a command that timed out may have been applied.
      mutations: { retry: false },
    },
  });
}
