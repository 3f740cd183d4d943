import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
export const webDist = join(webRoot, 'dist');

/** Builds the web app once, when no build is there yet (a fresh clone's first `npm start`). */
export async function ensureWebBuild(log: (line: string) => void): Promise<void> {
  if (existsSync(join(webDist, 'index.html'))) return;
  log('Building the web app (first start)…');
  const { build } = await import('vite');
  await build({ root: webRoot, configFile: join(webRoot, 'vite.config.ts'), logLevel: 'warn' });
}

/** Serves the built single-page app; unknown non-API paths get index.html so client routes load. */
export async function serveWebApp(app: FastifyInstance) {
  const index = await readFile(join(webDist, 'index.html'));
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || path.startsWith('/api/') || path.startsWith('/socket.io')) {
      return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(index);
  });
}
