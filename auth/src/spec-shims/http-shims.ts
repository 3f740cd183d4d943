import type { BetterAuthInstance } from '../auth-options.ts';
import { errorPageResponse } from './error-page.ts';
import { INVALID_BODY, INVALID_QUERY } from './input-validation.ts';

/**
 * The spec's calls and texts where better-auth 1.7.7 differs only in a path or a word, closed at the HTTP
 * edge: requests to the spec's paths are rewritten to 1.7.7's, and 1.7.7's answers are reworded to the
 * spec's. Each rewrite is a table entry or a few lines, and each has a contract test.
 */

export type AuthHandler = (request: Request) => Promise<Response>;

type Body = Record<string, unknown>;

/** Verify-email failures (docs/rules.md#errors): the redirect's `error` value and the 401's message. */
const verifyEmailErrors: Record<string, string> = {
  TOKEN_EXPIRED: 'token_expired',
  INVALID_TOKEN: 'invalid_token',
  USER_NOT_FOUND: 'user_not_found',
  INVALID_USER: 'unauthorized',
};

/** Social callback error values (docs/rules.md#errors) where 1.7.7 names them otherwise. */
const callbackErrors: Record<string, string> = {
  // An expired, unknown, already used or foreign state: the sign-in has to start again.
  state_mismatch: 'please_restart_the_process',
  state_invalid: 'please_restart_the_process',
  email_does_not_match: "email_doesn't_match",
};

const sendVerificationMessages: Record<string, string> = {
  EMAIL_ALREADY_VERIFIED: 'You can only send a verification email to an unverified email',
  EMAIL_MISMATCH: 'You can only send a verification email to your own email',
};

/** docs/rules.md#errors: account-not-linked conditions of link-social answer 417. */
const linkingFailures = new Set(['LINKING_NOT_ALLOWED', 'LINKING_DIFFERENT_EMAILS_NOT_ALLOWED']);

/** Calls whose body may name an account by provider (docs/rules.md#api-calls) where 1.7.7 takes only its own account id. */
const accountSelectingPaths = new Set(['/unlink-account', '/get-access-token', '/refresh-token']);

export function withSpecShims(auth: BetterAuthInstance, basePath = '/api/auth'): AuthHandler {
  return async (incoming) => {
    const url = new URL(incoming.url);
    const path = url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
    if (incoming.method === 'GET' && path === '/error') return errorPageResponse(url);
    const request = await rewriteRequest(auth, incoming, url, path, basePath);
    if (request instanceof Response) return request;
    return rewriteResponse(await auth.handler(request), path);
  };
}

async function readJson(request: Request): Promise<Body | null> {
  if (!(request.headers.get('content-type') ?? '').includes('json')) return null;
  try {
    const parsed: unknown = await request.clone().json();
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Body) : null;
  } catch {
    return null;
  }
}

function withBody(request: Request, url: URL, body: Body): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Request(url, { method: request.method, headers, body: JSON.stringify(body) });
}

async function rewriteRequest(
  auth: BetterAuthInstance,
  request: Request,
  url: URL,
  path: string,
  basePath: string,
): Promise<Request | Response> {
  if (request.method !== 'POST') return request;
  if (path === '/forget-password') {
    // The spec's older name of request-password-reset: the same body, the same answer.
    const target = new URL(url);
    target.pathname = `${basePath}/request-password-reset`;
    const headers = new Headers(request.headers);
    headers.delete('content-length');
    return new Request(target, { method: 'POST', headers, body: await request.arrayBuffer() });
  }
  if (path === '/account-info') {
    // docs/rules.md#api-calls posts { accountId }; 1.7.7 reads it from the query of a GET.
    const body = await readJson(request);
    if (!body || typeof body.accountId !== 'string') {
      return jsonResponse(400, {
        code: 'VALIDATION_ERROR',
        message: INVALID_BODY,
        errors: { accountId: ['Account id is required'] },
      });
    }
    const target = new URL(url);
    target.search = new URLSearchParams({ accountId: body.accountId }).toString();
    const headers = new Headers(request.headers);
    for (const name of ['content-length', 'content-type']) headers.delete(name);
    return new Request(target, { method: 'GET', headers });
  }
  if (accountSelectingPaths.has(path)) {
    const body = await readJson(request);
    if (!body || typeof body.providerId !== 'string') return request;
    return withBody(request, url, await selectAccountByProvider(auth, request, body));
  }
  return request;
}

/** Turns { providerId, accountId? } into 1.7.7's { accountId: <the account's own id> } for the caller's accounts. */
async function selectAccountByProvider(
  auth: BetterAuthInstance,
  request: Request,
  body: Body,
): Promise<Body> {
  const { providerId, accountId, ...rest } = body;
  const session = await auth.api
    .getSession({ headers: request.headers, query: { disableRefresh: true } })
    .catch(() => null);
  // Without a session the endpoint itself refuses the call; an empty id can select nothing.
  if (!session) return { ...rest, accountId: '' };
  const ctx = await auth.$context;
  const accounts = await ctx.internalAdapter.findAccounts(session.user.id);
  const match = accounts.find(
    (account) =>
      account.providerId === providerId &&
      (accountId === undefined || account.accountId === accountId || account.id === accountId),
  );
  return { ...rest, accountId: match?.id ?? '' };
}

function jsonResponse(status: number, body: unknown, from?: Response): Response {
  const headers = new Headers();
  if (from) {
    for (const [name, value] of from.headers) {
      if (name !== 'set-cookie' && name !== 'content-length') headers.set(name, value);
    }
    for (const cookie of from.headers.getSetCookie()) headers.append('set-cookie', cookie);
  }
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status, headers });
}

function withLocation(response: Response, location: string): Response {
  const headers = new Headers();
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers.set(name, value);
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
  headers.set('location', location);
  return new Response(null, { status: response.status, headers });
}

/** Rewrites the `error` query value of a redirect, keeping a relative Location relative. */
function mapRedirectError(response: Response, mapping: Record<string, string>): Response {
  const location = response.headers.get('location');
  if (!location) return response;
  const target = new URL(location, 'http://relative.invalid');
  const error = target.searchParams.get('error');
  const mapped = error ? mapping[error] : undefined;
  if (!mapped) return response;
  target.searchParams.set('error', mapped);
  const rewritten =
    target.origin === 'http://relative.invalid'
      ? `${target.pathname}${target.search}${target.hash}`
      : target.href;
  return withLocation(response, rewritten);
}

/** "[body.email] Invalid email address; [body.name] …" → { email: ["Invalid email address"], name: […] }. */
function parseValidationMessage(
  message: string,
): { source: 'body' | 'query'; errors: Record<string, string[]> } | null {
  const pattern = /\[(body|query)(?:\.([^\]]*))?\] ([^;]*)/g;
  const errors: Record<string, string[]> = {};
  let source: 'body' | 'query' | null = null;
  for (const match of message.matchAll(pattern)) {
    source ??= match[1] as 'body' | 'query';
    const field = match[2] || '_';
    errors[field] = [...(errors[field] ?? []), (match[3] ?? '').trim()];
  }
  return source ? { source, errors } : null;
}

async function rewriteResponse(response: Response, path: string): Promise<Response> {
  if (response.status >= 300 && response.status < 400) {
    if (path === '/verify-email') return mapRedirectError(response, verifyEmailErrors);
    if (path.startsWith('/callback/')) return mapRedirectError(response, callbackErrors);
    return response;
  }
  if (response.status < 400 || !(response.headers.get('content-type') ?? '').includes('json'))
    return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null;
  if (!body) return response;
  if (response.status === 400 && body.code === 'VALIDATION_ERROR' && body.message?.startsWith('[')) {
    const parsed = parseValidationMessage(body.message);
    if (parsed) {
      const message = parsed.source === 'body' ? INVALID_BODY : INVALID_QUERY;
      return jsonResponse(400, { code: 'VALIDATION_ERROR', message, errors: parsed.errors }, response);
    }
  }
  if (
    response.status === 400 &&
    body.code === 'BAD_REQUEST' &&
    body.message === 'Invalid JSON in request body'
  ) {
    return jsonResponse(
      400,
      { code: 'VALIDATION_ERROR', message: INVALID_BODY, errors: { _: ['The body is not valid JSON'] } },
      response,
    );
  }
  if (path === '/verify-email' && response.status === 401 && body.code && verifyEmailErrors[body.code]) {
    return jsonResponse(401, { code: body.code, message: verifyEmailErrors[body.code] }, response);
  }
  if (path === '/send-verification-email' && body.code && sendVerificationMessages[body.code]) {
    return jsonResponse(
      response.status,
      { code: body.code, message: sendVerificationMessages[body.code] },
      response,
    );
  }
  if (path === '/link-social' && body.code && linkingFailures.has(body.code)) {
    return jsonResponse(417, body, response);
  }
  return response;
}
