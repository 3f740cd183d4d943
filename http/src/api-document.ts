import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answers } from './answers.ts';
import { securitySchemes } from './key-scopes.ts';
import { documentedInput } from './route-input.ts';

export const API_DOCUMENT_PATH = '/api/v1/openapi.json';

/** The OpenAPI document as GET /api/v1/openapi.json answers it (its outline; the rest is OpenAPI's own). */
export const apiDocumentAnswerSchema = z.object({
  openapi: z.string().startsWith('3.'),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/**
 * The OpenAPI document of the routes registered after this call, made of what each route declares
 * (`answers(...)`): what it takes (body, path parameters, query, headers), every answer's shape by
 * status, the shared error shape for refusals, who may call it (a session; an API key with the scope
 * it names, see openToKeys). Register it
 * before the APIs. The authentication service's own routes are better-auth's and documented there.
 */
export async function installApiDocument(
  app: FastifyInstance,
  options: { title: string; publicUrl: string },
) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, version: '1' },
      servers: [{ url: options.publicUrl }],
      components: { securitySchemes },
      // A session unless the operation says otherwise (the routes open to API keys, see openToKeys).
      security: [{ session: [] }],
    },
    hideUntagged: false,
    transform: ({ schema, url, route }) => ({
      schema: {
        ...documentedInput(schema ?? {}),
        // Routes that hide themselves stay hidden (the API reference's own page and files).
        hide:
          (schema as { hide?: boolean } | undefined)?.hide === true ||
          !url.startsWith('/api/') ||
          url.startsWith('/api/auth/'),
      } as typeof schema,
      url,
      route,
    }),
  });
  app.get(API_DOCUMENT_PATH, answers({ 200: apiDocumentAnswerSchema }), async () => app.swagger());
}
