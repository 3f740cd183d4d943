import { inputJsonSchema } from '@dispatch/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from './route-samples.ts';
import { startTestApp, type TestApp } from './test-support.ts';

/**
 * The OpenAPI document and its reference page, against the route table the app really serves: a
 * route of /api/v1 missing from the document (one that hides itself or declares nothing) fails here.
 */

let app: TestApp;
let document: { paths: Record<string, Record<string, unknown>> };

beforeAll(async () => {
  app = await startTestApp();
  document = (await app.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});
afterAll(() => app.stop());

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

/** The names a schema of an object (or of a choice between objects) gives its fields. */
const propertyNames = (schema: Parameters<typeof inputJsonSchema>[0]): string[] => {
  const json = inputJsonSchema(schema) as JsonObject;
  const objects = [json, ...(json.anyOf ?? []), ...(json.oneOf ?? []), ...(json.allOf ?? [])];
  return [...new Set(objects.flatMap((object) => Object.keys(object.properties ?? {})))];
};
type JsonObject = {
  properties?: Record<string, unknown>;
  anyOf?: JsonObject[];
  oneOf?: JsonObject[];
  allOf?: JsonObject[];
};

/** Commands whose whole meaning is in their path and the session: they read no body. */
const takesNoBody = new Set(['POST /api/v1/organization/delete', 'POST /api/v1/organization/leave']);

/** `/api/v1/trucks/:id` as OpenAPI writes it: `/api/v1/trucks/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('documents every route of /api/v1 the app serves, each with its answers', () => {
    const served = app.routes.filter((route) => route.url.startsWith('/api/v1/'));
    expect(served.length).toBeGreaterThan(40);
    const missing = served.filter(
      (route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing.map(routeKey)).toEqual([]);
    for (const route of served) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] as {
        responses?: Record<string, unknown>;
      };
      const statuses = Object.keys(operation.responses ?? {}).filter((status) => /^[1-5]\d\d$/.test(status));
      expect(statuses, routeKey(route)).not.toEqual([]);
    }
  });

  it('documents what every route takes: its path parameters, its query and its body', () => {
    const served = app.routes.filter((route) => route.url.startsWith('/api/v1/'));
    const undocumented: string[] = [];
    for (const route of served) {
      const key = routeKey(route);
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] as Operation;
      const input = route.input ?? {};
      const parameters = operation.parameters ?? [];
      const documented = (where: string) =>
        new Set(parameters.filter((parameter) => parameter.in === where).map((parameter) => parameter.name));
      // A path parameter is input like any other: the route says what it takes there.
      const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
      if (pathNames.length > 0 && !input.params) undocumented.push(`${key}: declares no path parameters`);
      for (const name of pathNames)
        if (!documented('path').has(name)) undocumented.push(`${key}: path parameter ${name}`);
      if (input.querystring) {
        for (const name of propertyNames(input.querystring))
          if (!documented('query').has(name)) undocumented.push(`${key}: query parameter ${name}`);
      }
      if (input.body) {
        const body = operation.requestBody?.content?.['application/json']?.schema;
        if (!body) undocumented.push(`${key}: its body`);
        else
          for (const name of propertyNames(input.body))
            if (!JSON.stringify(body).includes(`"${name}"`)) undocumented.push(`${key}: body field ${name}`);
      }
      if ((route.method === 'POST' || route.method === 'PATCH') && !input.body && !takesNoBody.has(key))
        undocumented.push(`${key}: declares no body`);
    }
    expect(undocumented).toEqual([]);
  });

  it('documents the system check and the admin status', () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/status',
        '/api/v1/testing/ping',
        '/api/v1/testing/lag',
        '/api/v1/testing/email',
        '/api/v1/testing/sms',
      ]),
    );
  });

  it('leaves out the reference page, the metrics and the authentication service', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => !path.startsWith('/api/v1/') && path !== '/api/health')).toEqual([]);
  });
});

describe('API keys in the OpenAPI document', () => {
  it('names the bearer scheme, and the scope of every route a key may call; the others take a session', () => {
    const full = document as unknown as {
      components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
      security?: unknown;
    };
    expect(full.components?.securitySchemes?.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(full.security).toEqual([{ session: [] }]);
    const served = app.routes.filter((route) => route.url.startsWith('/api/v1/'));
    const open = served.filter((route) => route.apiKeyScopes);
    expect(open.length).toBeGreaterThan(20);
    for (const route of served) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] as {
        security?: unknown;
        description?: string;
        'x-scopes'?: string[];
      };
      if (route.apiKeyScopes) {
        expect([routeKey(route), operation.security, operation['x-scopes']]).toEqual([
          routeKey(route),
          [{ session: [] }, { apiKey: [] }],
          [...route.apiKeyScopes],
        ]);
        expect(operation.description, routeKey(route)).toMatch(/API key/);
      } else {
        expect([routeKey(route), operation.security, operation['x-scopes']]).toEqual([
          routeKey(route),
          undefined,
          undefined,
        ]);
      }
    }
  });
});

describe('the API reference at /api/docs', () => {
  it('is a page of its own files only, showing the same document', async () => {
    const page = await app.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source, 'no file from another site').toMatch(/^\/api\/docs\/static\//);
      const file = await app.app.inject({ method: 'GET', url: source });
      expect([source, file.statusCode]).toEqual([source, 200]);
    }
    // No inline script: the page runs under the app's own Content Security Policy.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const shown = await app.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(shown.json().paths).toEqual(document.paths);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there (404), and counts nothing', async () => {
    const answer = await app.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer x' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});
