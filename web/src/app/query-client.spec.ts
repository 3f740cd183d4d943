import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('does not retry client errors', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'UNAUTHORIZED', 'No session'))).toBe(false);
  });

  it('retries network and server errors twice', () => {
    const network = new ApiError(0, 'NETWORK_ERROR', 'offline');
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'SERVER_ERROR', 'down'))).toBe(true);
    expect(shouldRetry(2, network)).toBe(false);
  });
});
