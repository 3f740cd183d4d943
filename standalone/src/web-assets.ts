import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fullOrganizationAnswerSchema, sessionAnswerSchema } from '@dispatch/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
  /**
   * The organization area's scripts that the entry does not load itself, as the build lists them
   * (web/vite.config.ts): a signed-in page of the organization names them for the browser to fetch
   * at once. Empty for a build without the list.
   */
  organizationPreloads: string[];
  /**
   * Each screen of the organization area with the scripts of its own that neither the entry nor the
   * organization's frame loads, as the build lists them (web/vite.config.ts): the page of a screen
   * names them beside the organization's. Empty for a build without the list.
   */
  screenPreloads: ScreenPreloads[];
  /** CSP hashes of the page's inline scripts (the theme bootstrap that runs before the first paint). */
  inlineScriptHashes: string[];
}

/** A screen's address pattern (`/$orgSlug/trucks`, a `$` segment matching any one) and its scripts. */
export interface ScreenPreloads {
  path: string;
  scripts: string[];
}

/** A script of the build, as a page may name it. */
const isAssetScript = (path: unknown): path is string =>
  typeof path === 'string' && /^\/assets\/[\w.~-]+\.js$/.test(path);

/** The build's list of each screen's scripts, the entries of a wrong shape left out. */
export function parseScreenPreloads(listed: unknown): ScreenPreloads[] {
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((item: unknown) => {
    const { path, scripts } = (item ?? {}) as { path?: unknown; scripts?: unknown };
    if (typeof path !== 'string' || !path.startsWith('/') || !Array.isArray(scripts)) return [];
    return [{ path, scripts: scripts.filter(isAssetScript) }];
  });
}

/** The scripts of the screen at an address (its path, without the query), none when no screen has it. */
export function screenScripts(screens: ScreenPreloads[], path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const screen = screens.find((candidate) => {
    const pattern = candidate.path.split('/').filter(Boolean);
    return (
      pattern.length === segments.length &&
      pattern.every((part, at) => part.startsWith('$') || part === segments[at])
    );
  });
  return screen?.scripts ?? [];
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
  const preloads = join(webDist, 'organization-preloads.json');
  const listed: unknown = existsSync(preloads) ? JSON.parse(await readFile(preloads, 'utf8')) : [];
  const organizationPreloads = Array.isArray(listed) ? listed.filter(isAssetScript) : [];
  const screens = join(webDist, 'screen-preloads.json');
  const screenPreloads = parseScreenPreloads(
    existsSync(screens) ? JSON.parse(await readFile(screens, 'utf8')) : [],
  );
  return {
    index,
    organizationPreloads,
    screenPreloads,
    inlineScriptHashes: inlineScriptHashes(index.toString('utf8')),
  };
}

/** Serves the built single-page app; unknown non-API paths get index.html so client routes load. */
export async function serveWebApp(
  app: FastifyInstance,
  { index, organizationPreloads, screenPreloads }: WebApp,
) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build's assets are named by their content hash: a browser keeps them for a year and asks
    // again for none, so a warm board loads no script or stylesheet over the network. Other files
    // (the icon) are checked again on each use.
    cacheControl: false,
    // The build writes each asset also brotli- and gzip-compressed beside it (web/vite.config.ts):
    // the encoding the browser accepts is sent, with `vary: accept-encoding`; a build without them
    // sends the plain file.
    preCompressed: true,
    setHeaders: (reply, path) => {
      const hashed = /[\\/]assets[\\/][^\\/]+$/.test(path);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || path.startsWith('/api/') || path.startsWith('/socket.io')) {
      return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' });
    }
    const viewer = await embeddedViewer(app, request, reply);
    if (viewer === null) return reply.type('text/html').header('cache-control', 'no-cache').send(index);
    // A page of the viewer's organization also names the organization area's scripts and its screen's.
    const slug = viewer.organizationSlug;
    const inOrganization = slug !== undefined && path.split('/')[1] === encodeURIComponent(slug);
    const preloads = inOrganization
      ? [...new Set([...organizationPreloads, ...screenScripts(screenPreloads, path)])]
      : [];
    const page = withViewer(index, viewer.json, preloads);
    // The page now carries one user's session: no cache keeps it.
    return reply.type('text/html').header('cache-control', 'no-store').send(page);
  });
}

/** The id of the element that carries the viewer in the page (web/src/app/embedded-viewer.ts reads it). */
export const VIEWER_ELEMENT_ID = 'dispatch-viewer';

/**
 * The viewer a page is sent with, so its first render needs no round-trip: the session's answer of
 * GET /api/auth/get-session and, when the session has an active organization, the answer of
 * GET /api/v1/organization/get-full-organization, both asked in-process with the page request's own
 * cookie and address (the same routes, checks and rate limits as the browser's own calls). A renewed
 * session cookie goes out with the page. Null when the request has no cookie or the session's answer
 * is not a plain 200, and the organization left out when it has none to show: the page then asks for
 * them itself.
 */
async function embeddedViewer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ json: string; organizationSlug?: string } | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  const ask = (url: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { cookie, accept: 'application/json' },
      remoteAddress: request.ip,
    });
  const session = await ask('/api/auth/get-session');
  if (session.statusCode !== 200) return null;
  const renewed = session.headers['set-cookie'];
  if (renewed) reply.header('set-cookie', renewed);
  // Only the fields of the answer's schema go into the page (not the session's token, address or agent).
  const parsedSession = sessionAnswerSchema.safeParse(session.body ? JSON.parse(session.body) : null);
  if (!parsedSession.success) return null;
  const sessionAnswer = parsedSession.data ?? null;
  if (!sessionAnswer?.session.activeOrganizationId)
    return { json: JSON.stringify({ session: sessionAnswer }) };
  const organization = await ask('/api/v1/organization/get-full-organization');
  const organizationAnswer =
    organization.statusCode === 200
      ? fullOrganizationAnswerSchema.safeParse(JSON.parse(organization.body)).data
      : undefined;
  // No organization to show (not read yet after its creation, or left): the page asks again itself.
  if (!organizationAnswer?.data) return { json: JSON.stringify({ session: sessionAnswer }) };
  return {
    json: JSON.stringify({ session: sessionAnswer, organization: organizationAnswer }),
    organizationSlug: organizationAnswer.data.slug,
  };
}

/**
 * The page with the viewer in a JSON data block at the end of its head, after a module preload of
 * each script named. A data block is never run (no script policy applies to it); every `<` is
 * escaped so no text in it can close the element.
 */
export function withViewer(index: Buffer, viewer: string, preloads: string[] = []): string {
  const links = preloads.map((path) => `<link rel="modulepreload" crossorigin href="${path}">`).join('');
  const block = `<script type="application/json" id="${VIEWER_ELEMENT_ID}">${viewer.replace(/</g, '\\u003c')}</script>`;
  return index.toString('utf8').replace('</head>', `${links}${block}</head>`);
}
