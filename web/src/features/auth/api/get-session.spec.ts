import { describe, expect, it } from 'vitest';
import { sessionQueryOptions } from '../../../lib/session';

describe('sessionQueryOptions', () => {
  it('keeps the session fresh for 2 minutes (SPEC section 9)', () => {
    expect(sessionQueryOptions().staleTime).toBe(2 * 60 * 1000);
  });
});
