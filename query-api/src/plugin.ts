import type { AuthService } from '@dispatch/auth';
import { installErrorHandler } from '@dispatch/auth/http/boundary';
import type { DocumentStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { attachLiveUpdates } from './live/socket-server.ts';
import { organizationQueries } from './organizations/organization-queries.ts';
import type { ProjectionClock } from './projection-clock.ts';
import { readYourWrites } from './read-your-writes.ts';
import { truckQueries } from './trucks/truck-queries.ts';

export interface QueryApiOptions {
  documents: DocumentStore;
  auth: AuthService;
  clock: ProjectionClock;
}

/** The read side: read models only, never the event store; plus live pushes over Socket.IO. */
export function queryApi(options: QueryApiOptions): FastifyPluginAsync {
  return async (app) => {
    attachLiveUpdates(app, options);
    await app.register(async (queries) => {
      installErrorHandler(queries);
      readYourWrites(queries, options.clock);
      await queries.register(organizationQueries(options));
      await queries.register(truckQueries(options));
    });
  };
}
