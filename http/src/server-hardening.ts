import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@dispatch/domain';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { errorBody, MAX_BODY_BYTES } from './boundary.ts';

/**
 * The options every server of the product starts with (the standalone process, the command API and
 * the query API processes):
 * - `trustProxy` only as TRUSTED_PROXIES says (off by default): otherwise any client could choose its
 *   address with `X-Forwarded-For`, and with it a fresh rate limit on every request;
 * - bodies up to 1 MB (413 beyond);
 * - a request id of our own on every request (a client's is not trusted), logged with any failure and
 *   sent back as `x-request-id`;
 * - the log as structured JSON: errors by default, every request with `logRequests`.
 */
/** Which proxies may name the client: none, a hop count, or addresses and ranges (TRUSTED_PROXIES). */
export type TrustedProxies = false | number | string[];

export function serverOptions(options: {
  trustProxy: TrustedProxies;
  logger: 'off' | 'errors' | 'requests';
}): FastifyServerOptions {
  return {
    // A hop count trusts that many proxies nearest the server (Fastify's types take it as a function).
    trustProxy:
      typeof options.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(options.trustProxy)
        : options.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    // Stopping (SIGTERM) serves what arrives on connections already open until they close, rather
    // than answering 503: a client sees an answer or a refused connection, never an error answer.
    return503OnClosing: false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // The router's own refusals (a malformed address, an overlong path parameter) in the API's error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const message = tooLong ? 'A path parameter is too long' : 'The address is not valid';
      reply
        .status(tooLong ? 414 : 400)
        .send(errorBody(tooLong ? 'URI_TOO_LONG' : 'BAD_REQUEST', message, undefined));
    },
    logger: options.logger === 'off' ? false : { level: options.logger === 'requests' ? 'info' : 'warn' },
  };
}

export interface SecurityHeadersOptions {
  /** The address users reach the app at: its scheme decides HSTS and the WebSocket source. */
  publicUrl: string;
  /** `sha256-…` hashes of the inline scripts the web app's page may run (its theme bootstrap). */
  inlineScriptHashes?: readonly string[];
}

/**
 * Security headers on every answer, HTML and API alike, through helmet: a Content Security Policy
 * that runs only the app's own scripts (plus the hashed inline theme bootstrap), no framing by any
 * site, nosniff, a referrer that never leaves the site, and `Cache-Control: no-store` on every API
 * answer, since they carry one user's data. Helmet's middleware is made once, so each request only
 * sets the headers (@fastify/helmet made it again on every request, parsing the policy each time:
 * about 3% of the process's thread under 50 concurrent posts).
 */
export async function installSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  const publicUrl = new URL(options.publicUrl);
  const https = publicUrl.protocol === 'https:';
  const socketOrigin = `${https ? 'wss' : 'ws'}://${publicUrl.host}`;
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(options.inlineScriptHashes ?? []).map((hash) => `'${hash}'`)],
        // Style elements that UI libraries insert at run time (toasts, scroll locks); no script runs from them.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile pictures come from the social sign-in providers.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketOrigin],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    // Profile pictures of other origins are shown as plain images.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
