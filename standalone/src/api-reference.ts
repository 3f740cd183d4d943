import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const API_REFERENCE_PATH = '/api/docs';

/**
 * The API reference at /api/docs: Swagger UI over the OpenAPI document the routes' declarations make
 * (the same as GET /api/v1/openapi.json). Its scripts, styles and fonts are files of the package
 * served from here, and it validates nothing against an outside service, so it works offline and
 * under the app's own Content Security Policy (scripts of this origin only, no inline script).
 * Register it after `installApiDocument`.
 */
export async function serveApiReference(app: FastifyInstance) {
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    // No online validator badge: it would send the document to validator.swagger.io.
    validatorUrl: false,
    uiConfig: {
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      tryItOutEnabled: false,
    },
    theme: { title: 'API reference' },
  });
}
