import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyErrorResponse, errorBody } from './boundary.ts';
import { crossSiteRefusal, trustedOriginMatcher } from './origin-check.ts';

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Methods whose request carries a body: it must be JSON, so no plain HTML form and no `text/plain` fetch can send it. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

export const UNSUPPORTED_MEDIA_TYPE_MESSAGE =
  'Send the request body as JSON (Content-Type: application/json)';

const isJson = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * Only the origin rule, for routes whose bodies are not ours to shape (the authentication service
 * reads JSON and form posts itself). `exempt` names requests another site sends by design: an identity
 * provider's callback, which its own state parameter protects.
 */
export function guardOrigins(
  app: FastifyInstance,
  options: { trustedOrigins: readonly string[]; exempt?: (request: FastifyRequest) => boolean },
) {
  const isTrusted = trustedOriginMatcher(options.trustedOrigins);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (readOnlyMethods.has(request.method) || options.exempt?.(request)) return;
    const refusal = crossSiteRefusal(request.headers, isTrusted);
    if (refusal) return reply.status(403).send(errorBody('INVALID_ORIGIN', refusal));
  });
}

/**
 * A request made with an API key and no cookie at all: it carries no ambient credential, so no other
 * site can make a browser send it on someone's behalf, and the origin rule does not apply to it.
 */
export const isBearerWithoutCookies = (request: FastifyRequest) => {
  const authorization = request.headers.authorization;
  return (
    typeof authorization === 'string' &&
    /^Bearer\s/i.test(authorization) &&
    request.headers.cookie === undefined
  );
};

/**
 * Every state-changing request of the routes of `app` (and its children), in one place:
 * 1. it must come from a trusted origin (PUBLIC_URL, TRUSTED_ORIGINS): 403 "Invalid origin", unless it
 *    brings an API key and no cookie (isBearerWithoutCookies);
 * 2. a POST, PUT or PATCH must say its body is JSON, bodiless commands included (they send `{}`):
 *    415 otherwise. A JSON request from another origin needs a CORS preflight, which is never granted;
 * 3. the body must be a JSON object: 400 otherwise.
 * All three answer before any route code runs, so a refused request writes nothing.
 */
export function guardStateChanges(app: FastifyInstance, options: { trustedOrigins: readonly string[] }) {
  guardOrigins(app, { trustedOrigins: options.trustedOrigins, exempt: isBearerWithoutCookies });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (readOnlyMethods.has(request.method)) return;
    if (bodyMethods.has(request.method) && !isJson(request.headers['content-type'])) {
      return reply
        .status(415)
        .send(
          errorBody('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_MEDIA_TYPE_MESSAGE, UNSUPPORTED_MEDIA_TYPE_MESSAGE),
        );
    }
  });
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (readOnlyMethods.has(request.method) || request.body === undefined) return;
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return reply.status(400).send(bodyErrorResponse('The request body must be a JSON object'));
    }
  });
}
