import type { FastifyPluginAsync } from 'fastify';
import type { AuthService } from './auth-service.ts';
import { sendWebResponse, toWebRequest } from './web-request.ts';

const authMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Mounts better-auth at /api/auth/*. Register it without fastify-plugin's encapsulation bypass:
 * the raw-body parser below must stay inside this plugin's context.
 * Static routes registered elsewhere under /api/auth/ still win over this wildcard.
 */
export function authRoutes(opts: { auth: AuthService }): FastifyPluginAsync {
  const { auth, handler } = opts.auth;
  const baseURL = new URL(auth.options.baseURL).origin;
  return async (app) => {
    // better-auth parses bodies itself (JSON, form posts from providers' callbacks); it must receive them untouched.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.route({
      method: [...authMethods],
      url: '/api/auth/*',
      handler: async (request, reply) => {
        const response = await handler(toWebRequest(request, baseURL));
        return sendWebResponse(reply, response);
      },
    });
  };
}
