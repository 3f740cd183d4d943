import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
/** The built web app; `WEB_DIST` points a test run at a build of its own. */
export const webDist = process.env.WEB_DIST || join(webRoot, 'dist');

/** Builds the web app once, when no build is there yet (a fresh clone's first `npm start`). */
export async function ensureWebBuild(log: (line: string) => void): Promise<void> {
  if (existsSync(join(webDist, 'index.html'))) return;
  log('Building the web app (first start)…');
  const { build } = await import('vite');
  await build({ root: webRoot, configFile: join(webRoot, 'vite.config.ts'), logLevel: 'warn' });
}

export interface WebApp {
  index: Buffer;
  /** CSP hashes of the page's inline scripts (the theme bootstrap that runs before the first paint). */
  inlineScriptHashes: string[];
}

/** The `sha256-…` source of each inline script of a page, as a Content Security Policy names it. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

export async function loadWebApp(): Promise<WebApp> {
  const index = await readFile(join(webDist, 'index.html'));
  return { index, inlineScriptHashes: inlineScriptHashes(index.toString('utf8')) };
}

/** Serves the built single-page app; unknown non-API paths get index.html so client routes load. */
export async function serveWebApp(app: FastifyInstance, { index }: WebApp) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build's assets are named by their content hash: a browser keeps them for a year and asks
    // again for none, so a warm board loads no script or stylesheet over the network. Other files
    // (the icon) are checked again on each use.
    cacheControl: false,
    setHeaders: (reply, path) => {
      const hashed = /[\\/]assets[\\/][^\\/]+$/.test(path);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || path.startsWith('/api/') || path.startsWith('/socket.io')) {
      return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(index);
  });
}
