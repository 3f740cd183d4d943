import type { ApiKeyScope } from '@dispatch/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scopes of which an API key must hold one to call the route; absent: keys are refused. */
    apiKeyScopes?: readonly ApiKeyScope[];
  }
}

/** The security schemes of the OpenAPI document: the browser's session cookie, an organization's API key. */
export const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description: 'The session of a signed-in user (the web app).',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key of the organization, `Authorization: Bearer dsp_<keyId>_<secret>`. Only routes that name a scope take one; any other answers 403 KEY_NOT_ALLOWED.',
  },
} as const;

type RouteOptions = { schema: object; config: object };

/**
 * Opens a route (as `answers(...)` declares it) to API keys holding `scope`, in the route table and
 * in the OpenAPI document: the operation takes a session or a bearer key and names its scope (in
 * `x-scopes` and its description). The route's guard still checks it (`requireScope`); the security
 * matrices hold the two together. `how` says more when the scope does not tell all.
 */
export function openToKeys<T extends RouteOptions>(
  scope: ApiKeyScope | readonly ApiKeyScope[],
  options: T,
  how?: string,
): T {
  const scopes: readonly ApiKeyScope[] = typeof scope === 'string' ? [scope] : scope;
  const description =
    how ??
    `API keys with the \`${scopes.join('` or `')}\` scope may call this route (\`Authorization: Bearer dsp_…\`).`;
  return {
    ...options,
    schema: {
      ...options.schema,
      security: [{ session: [] }, { apiKey: [] }],
      'x-scopes': [...scopes],
      description,
    },
    config: { ...options.config, apiKeyScopes: scopes },
  };
}
