import { type Infrastructure, openInfrastructure } from '@dispatch/auth/runtime/infrastructure';
import { commandApi } from '@dispatch/command-api';
import {
  firstOrganizationOfUser,
  inProcessChangeFeed,
  type Projector,
  projections,
  startReadModels,
} from '@dispatch/projector';
import { clockFromCommits, queryApi } from '@dispatch/query-api';
import type { Environment } from '@dispatch/storage/runtime/environment';
import Fastify, { type FastifyInstance } from 'fastify';
import { serveWebApp } from './web-assets.ts';

export interface StandaloneApp {
  app: FastifyInstance;
  infrastructure: Infrastructure;
  projector: Projector;
  close(): Promise<void>;
}

/**
 * The three services in one process on one port, with the projector feeding the query API's clock
 * and live pushes in memory. What `npm start`, the end-to-end tests and the benchmarks run.
 */
export async function createStandaloneApp(
  env: Environment,
  options: { logger?: boolean; serveWeb?: boolean } = {},
): Promise<StandaloneApp> {
  const infrastructure = await openInfrastructure(env, {
    defaultActiveOrganization: firstOrganizationOfUser,
  });
  const feed = inProcessChangeFeed();
  const projector = await startReadModels({
    eventStore: infrastructure.eventStore,
    documents: infrastructure.documents,
    projections,
    feed,
    onError: (error) => console.error('projector error', error),
  });
  const clock = clockFromCommits(feed, projector.position());

  const app = Fastify({ logger: options.logger ?? false, trustProxy: true });
  app.get('/api/health', async () => ({ ok: true, position: clock.position().toString() }));
  await app.register(
    commandApi({
      store: infrastructure.eventStore,
      auth: infrastructure.auth,
      documents: infrastructure.documents,
      mailer: infrastructure.mailer,
      publicUrl: env.PUBLIC_URL,
    }),
  );
  await app.register(
    queryApi({
      documents: infrastructure.documents,
      auth: infrastructure.auth,
      clock,
      eventStore: infrastructure.eventStore,
    }),
  );
  if (options.serveWeb ?? true) await serveWebApp(app);
  else
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' }),
    );

  return {
    app,
    infrastructure,
    projector,
    async close() {
      await app.close();
      clock.close();
      await projector.close();
      await infrastructure.close();
    },
  };
}
