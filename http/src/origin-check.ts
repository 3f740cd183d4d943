import type { IncomingHttpHeaders } from 'node:http';

/**
 * Which origins may make state-changing requests with the user's cookies: PUBLIC_URL's origin and
 * TRUSTED_ORIGINS (where `*` stands for one or more host labels, as in `https://*.example.com`).
 */
export function trustedOriginMatcher(trustedOrigins: readonly string[]): (origin: string) => boolean {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const entry of trustedOrigins) {
    if (!entry.includes('*')) {
      exact.add(normalizeOrigin(entry) ?? entry);
      continue;
    }
    const source = entry
      .replace(/\/+$/, '')
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[a-z0-9-]+(?:\\.[a-z0-9-]+)*');
    patterns.push(new RegExp(`^${source}$`, 'i'));
  }
  return (origin) => {
    const normalized = normalizeOrigin(origin);
    if (!normalized) return false;
    return exact.has(normalized) || patterns.some((pattern) => pattern.test(normalized));
  };
}

function normalizeOrigin(value: string): string | null {
  if (value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Whether a request that changes state (or opens a live connection) may carry the user's cookies.
 * A browser names the page that made a request: `Origin` on every non-GET request and every
 * cross-origin one, `Sec-Fetch-Site` on every request of a current browser. So:
 * - an `Origin` is present: it must be a trusted origin (`null`, another port or another site is not);
 * - no `Origin` but `Sec-Fetch-Site`: only `same-origin` and `none` (typed in the address bar) pass;
 * - neither: not a browser (a script or a server calling with a cookie it was given), which no other
 *   site can make act on someone's behalf, so it passes.
 * The refusal is the reason, for the answer; null when the request may go on.
 */
export function crossSiteRefusal(
  headers: IncomingHttpHeaders,
  isTrusted: (origin: string) => boolean,
): string | null {
  const origin = first(headers.origin);
  if (origin !== undefined) return isTrusted(origin) ? null : 'Invalid origin';
  const site = first(headers['sec-fetch-site']);
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'Invalid origin';
  return null;
}
