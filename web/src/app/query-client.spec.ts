import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient, isTransientError, RETRY_DELAY_MS, shouldRetry } from './query-client';

const networkError = () =>
  new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the server. Check your connection and try again.');

describe('shouldRetry', () => {
  it('retries network errors and gateway errors (502, 503, 504), twice', () => {
    for (const error of [
      networkError(),
      new ApiError(502, 'SERVER_ERROR', 'Bad gateway'),
      new ApiError(503, 'SERVER_ERROR', 'Unavailable'),
      new ApiError(504, 'SERVER_ERROR', 'Gateway timeout'),
    ]) {
      expect(isTransientError(error)).toBe(true);
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });

  it('does not retry client errors, a 500, or anything that is not an API error', () => {
    for (const error of [
      new ApiError(400, 'VALIDATION_ERROR', 'Some fields are not valid'),
      new ApiError(401, 'UNAUTHORIZED', 'No session'),
      new ApiError(404, 'NOT_FOUND', 'Not found'),
      new ApiError(429, 'RATE_LIMITED', 'Slow down'),
      new ApiError(500, 'SERVER_ERROR', 'Something went wrong'),
      new TypeError('Cannot read properties of undefined'),
      new Error('unexpected answer'),
    ]) {
      expect(isTransientError(error)).toBe(false);
      expect(shouldRetry(0, error)).toBe(false);
    }
  });
});

describe('createQueryClient retries', () => {
  let client: QueryClient;
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    client = createQueryClient({ onUnauthorized });
  });

  afterEach(() => {
    client.clear();
    vi.useRealTimers();
    onUnauthorized.mockReset();
  });

  /** Starts a query whose calls fail with `error` (until `succeedOn`), settled into a result. */
  function startQuery(error: unknown, succeedOn = Number.POSITIVE_INFINITY) {
    let calls = 0;
    const queryFn = vi.fn(async () => {
      calls += 1;
      if (calls >= succeedOn) return 'fresh';
      throw error;
    });
    const result = client.fetchQuery({ queryKey: ['retry-test'], queryFn }).then(
      (data) => ({ ok: true as const, data }),
      (reason: unknown) => ({ ok: false as const, reason }),
    );
    return { queryFn, result };
  }

  it('retries a query that failed with a network error after 1000 ms', async () => {
    const { queryFn, result } = startQuery(networkError(), 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await expect(result).resolves.toEqual({ ok: true, data: 'fresh' });
  });

  it('waits the same 1000 ms before the first and the second retry (linear), then gives up after 3 tries', async () => {
    const error = networkError();
    const { queryFn, result } = startQuery(error);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1000);
    expect(queryFn).toHaveBeenCalledTimes(2);
    // A doubling delay would wait 2000 ms here.
    await vi.advanceTimersByTimeAsync(1000);
    expect(queryFn).toHaveBeenCalledTimes(3);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toEqual({ ok: false, reason: error });
  });

  it('retries a 503 from the gateway', async () => {
    const { queryFn, result } = startQuery(new ApiError(503, 'SERVER_ERROR', 'Unavailable'), 2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await expect(result).resolves.toEqual({ ok: true, data: 'fresh' });
  });

  it.each([
    ['a 400', new ApiError(400, 'VALIDATION_ERROR', 'Some fields are not valid')],
    ['a 404', new ApiError(404, 'NOT_FOUND', 'Not found')],
    ['a 500', new ApiError(500, 'SERVER_ERROR', 'Something went wrong')],
    ['an unexpected answer', new Error('unexpected answer')],
  ])('does not retry a query that failed with %s', async (_name, error) => {
    const { queryFn, result } = startQuery(error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await expect(result).resolves.toEqual({ ok: false, reason: error });
  });

  it('does not retry a query that failed with a 401, and reports the ended session', async () => {
    const error = new ApiError(401, 'UNAUTHORIZED', 'Your session has ended. Sign in again.');
    const { queryFn, result } = startQuery(error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await expect(result).resolves.toEqual({ ok: false, reason: error });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('never retries a mutation, even on a network error', async () => {
    const error = networkError();
    const mutationFn = vi.fn(async () => {
      throw error;
    });
    const observer = new MutationObserver(client, { mutationFn });
    const result = observer.mutate(undefined).catch((reason: unknown) => reason);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mutationFn).toHaveBeenCalledTimes(1);
    await expect(result).resolves.toBe(error);
  });
});
