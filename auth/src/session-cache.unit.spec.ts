import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';
import type { SessionContext } from './session-context.ts';

/** The cache's bookkeeping of reads in flight, with reads the test settles itself. */
function heldRead() {
  let settle: (session: SessionContext | null) => void = () => {};
  const promise = new Promise<SessionContext | null>((resolve) => {
    settle = resolve;
  });
  return { read: () => promise, settle };
}

const headers = { cookie: 'better-auth.session_token=token.signature' };

describe('the session cache’s reads in flight', () => {
  it('keeps a read begun after a clear for the requests that follow, when the earlier read settles', async () => {
    const cache = createSessionCache({ ttlMs: 5000, secureCookies: false });
    const first = heldRead();
    const second = heldRead();
    let reads = 0;
    const counted = (held: ReturnType<typeof heldRead>) => () => {
      reads++;
      return held.read();
    };

    const before = cache.get(headers, counted(first));
    cache.clear();
    const after = cache.get(headers, counted(second));
    first.settle(null);
    await before;
    // The read begun after the clear is still in flight: this request shares it.
    const joined = cache.get(headers, counted(heldRead()));
    second.settle(null);

    expect(await after).toBeNull();
    expect(await joined).toBeNull();
    expect(reads).toBe(2);
  });
});
