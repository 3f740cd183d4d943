import { randomBytes } from 'node:crypto';
import type { IncomingHeaders } from './headers.ts';
import type { SessionContext } from './session-context.ts';

/**
 * Sessions recently read, so a busy dispatcher's requests do not each verify the signed cookie and
 * read the auth database. An entry is keyed by the exact signed cookie value (so a hit is as authentic
 * as the read that filled it) and by the session-change mark below, and lives `ttlMs` at most, never
 * past the session's own expiry.
 *
 * What changes a session is seen:
 * - at once in this process: a set-active, a password set here, and every state-changing call to
 *   better-auth's routes (sign-out, revoke, update or remove a user, ban, role) empty the cache;
 * - at once in every process for the browser that made the change: a set-active answers with a new
 *   session-change mark cookie, which is part of the key, so the next read anywhere misses;
 * - within `ttlMs` in the other processes for a change made elsewhere (a revocation from another
 *   device, an admin's ban). Membership is not cached here: each API checks it on every request.
 */
export interface SessionCache {
  get(headers: IncomingHeaders, read: () => Promise<SessionContext | null>): Promise<SessionContext | null>;
  /** Forgets every entry: after anything that may have changed a session or a user. */
  clear(): void;
  /** A `Set-Cookie` value with a fresh session-change mark. */
  changeMarkCookie(): string;
}

export const SESSION_CHANGE_COOKIE = 'dispatch.session_mark';

const maxEntries = 10_000;

export function createSessionCache(options: { ttlMs: number; secureCookies: boolean }): SessionCache {
  const entries = new Map<string, { session: SessionContext; until: number }>();
  // Reads in flight, so a burst of requests of one session reads it once.
  const reading = new Map<string, Promise<SessionContext | null>>();
  // Bumped by clear(): a read that started before a clear must not fill the cache after it.
  let generation = 0;

  return {
    async get(headers, read) {
      const key = cacheKey(headers);
      if (key === null || options.ttlMs <= 0) return read();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.session;
      if (hit) entries.delete(key);
      const pending = reading.get(key);
      if (pending) return pending;
      const started = generation;
      const promise = read()
        .then((session) => {
          if (session && started === generation) {
            const until = Math.min(Date.now() + options.ttlMs, session.session.expiresAt.getTime());
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
            entries.set(key, { session, until });
          }
          return session;
        })
        .finally(() => {
          // A read begun after a clear() may have taken this key meanwhile: only this read lets go of it.
          if (reading.get(key) === promise) reading.delete(key);
        });
      reading.set(key, promise);
      return promise;
    },
    clear() {
      generation++;
      entries.clear();
      reading.clear();
    },
    changeMarkCookie() {
      const secure = options.secureCookies ? '; Secure' : '';
      return `${SESSION_CHANGE_COOKIE}=${randomBytes(12).toString('base64url')}; Path=/; HttpOnly; SameSite=Lax${secure}`;
    },
  };
}

/** The signed session cookie and the change mark, as sent; null without a session cookie. */
function cacheKey(headers: IncomingHeaders): string | null {
  const raw = headers instanceof Headers ? headers.get('cookie') : headers.cookie;
  const cookie = Array.isArray(raw) ? raw.join('; ') : raw;
  if (!cookie) return null;
  let token: string | null = null;
  let mark = '';
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name === 'better-auth.session_token' || name === '__Secure-better-auth.session_token') {
      // Two session cookies in one request: leave it to better-auth.
      if (token !== null) return null;
      token = part.slice(at + 1).trim();
    } else if (name === SESSION_CHANGE_COOKIE) mark = part.slice(at + 1).trim();
  }
  return token ? `${token}\n${mark}` : null;
}
