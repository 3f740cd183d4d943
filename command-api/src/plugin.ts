import { type AuthService, authRoutes } from '@dispatch/auth';
import { installErrorHandler } from '@dispatch/auth/http/boundary';
import type { EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { organizationRoutes } from './organizations/organization-routes.ts';
import { truckRoutes } from './trucks/truck-routes.ts';

export interface CommandApiOptions {
  store: EventStore;
  auth: AuthService;
}

/** The command side: authentication and every write of the product. */
export function commandApi(options: CommandApiOptions): FastifyPluginAsync {
  return async (app) => {
    await app.register(authRoutes({ auth: options.auth }));
    await app.register(async (commands) => {
      installErrorHandler(commands);
      await commands.register(organizationRoutes(options));
      await commands.register(truckRoutes(options));
    });
  };
}
