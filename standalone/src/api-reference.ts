import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const API_REFERENCE_PATH = '/api/docs';
const FILES = `${API_REFERENCE_PATH}/static`;

/**
 * Scalar's API reference as browser modules: its entry and the chunks it loads as a section needs
 * them. None runs eval once zod's eval probe is off (the first script below), and none asks another
 * site for anything with the settings below.
 */
const scalarFolder = join(dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference'))), 'browser');
const SCALAR_ENTRY = 'standalone.esm.js';

/**
 * Runs before Scalar's modules: the zod inside them would otherwise try `Function('')` to see whether
 * it may compile its checks, which the policy refuses (and reports).
 */
const zodPolicyScript =
  'globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };\n';

/**
 * A stylesheet before Scalar's: the system's fonts rather than Scalar's (which it would load from its
 * own site as soon as it first draws), and text colours that keep 4.5:1 against Scalar's backgrounds
 * in both themes (its greys and method colours fall to 3:1 on small text).
 */
const referenceStyles = `:root, .light-mode, .dark-mode, .scalar-app {
  --scalar-font: ui-sans-serif, system-ui, sans-serif !important;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace !important;
}
.light-mode, .light-mode :not(.dark-mode, .dark-mode *) {
  --scalar-color-2: #595959 !important;
  --scalar-color-3: #5e5e5e !important;
  --scalar-color-blue: #005f9e !important;
  --scalar-color-green: #006b45 !important;
  --scalar-color-orange: #a63800 !important;
  --scalar-color-red: #c0262d !important;
  --scalar-color-purple: #6b3fa0 !important;
  --scalar-color-yellow: #7a5a00 !important;
}
.dark-mode, .dark-mode * {
  --scalar-color-2: #b4b4b4 !important;
  --scalar-color-3: #a3a3a3 !important;
}
`;

/**
 * Runs in the page whenever Scalar draws: names what it leaves unnamed for assistive technology. Its
 * copy buttons get a name; its operation headings, the first level under the document's title, are
 * announced as level 2 and theirs one level up too (its untagged operations skip a level); each operation's example answers get a
 * region name of their own (all are "Example Responses").
 */
const nameScalarControls = `function nameScalarControls() {
  for (const button of document.querySelectorAll('button.scalar-code-copy:not([aria-label])')) {
    button.setAttribute('aria-label', 'Copy code');
  }
  for (const heading of document.querySelectorAll('.section-header-label:not([aria-level])')) {
    const level = Number(heading.tagName.slice(1));
    if (level > 2) heading.setAttribute('aria-level', String(level - 1));
  }
  for (const card of document.querySelectorAll('.response-card[role="region"]:not([data-named])')) {
    const operation = card.closest('section')?.querySelector('.section-header-label')?.textContent?.trim();
    if (!operation) continue;
    card.setAttribute('data-named', '');
    card.removeAttribute('aria-labelledby');
    card.setAttribute('aria-label', 'Example answers of ' + operation);
  }
}
`;

/**
 * Scalar's settings, as a module of this origin (the policy runs no inline script), after Scalar's.
 * It reads the document from this server, loads no font from elsewhere, sends no telemetry, offers no
 * request client (requests would go through Scalar's proxy) and no AI agent (a service of Scalar's).
 */
const settingsScript = `window.Scalar.createApiReference('#reference', ${JSON.stringify({
  url: `${API_REFERENCE_PATH}/json`,
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  hideTestRequestButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  documentDownloadType: 'json',
  persistAuth: false,
})});
${nameScalarControls}
new MutationObserver(nameScalarControls).observe(document.body, { childList: true, subtree: true });
`;

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="color-scheme" content="light dark" />
    <title>API reference · Dispatch</title>
    <link rel="stylesheet" href="${FILES}/reference.css" />
    <script src="${FILES}/zod-policy.js"></script>
    <script type="module" src="${FILES}/${SCALAR_ENTRY}"></script>
    <script type="module" src="${FILES}/settings.js"></script>
  </head>
  <body>
    <div id="reference"></div>
  </body>
</html>
`;

interface Asset {
  body: Buffer;
  gzip: Buffer;
}

/** A file compressed once, on its first request, then kept (Scalar's files are 4.5 MB, 1.2 MB gzipped). */
function lazyAsset(read: () => Promise<Buffer>): () => Promise<Asset> {
  let asset: Promise<Asset> | undefined;
  return () => {
    asset ??= read().then((body) => ({ body, gzip: gzipSync(body) }));
    return asset;
  };
}

function sendFile(name: string, request: FastifyRequest, reply: FastifyReply, { body, gzip }: Asset) {
  const type = name.endsWith('.css') ? 'text/css' : 'text/javascript';
  reply.type(`${type}; charset=utf-8`).header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(gzip);
  }
  return reply.send(body);
}

/**
 * The API reference at /api/docs: Scalar's reader over the OpenAPI document the routes' declarations
 * make (the same as GET /api/v1/openapi.json, also at /api/docs/json). Its script is the package's
 * own file served from here, so it works offline and under the app's Content Security Policy
 * (scripts of this origin only, no inline script, no eval; its style elements are allowed as the web
 * app's are). Register it after `installApiDocument`.
 */
export async function serveApiReference(app: FastifyInstance) {
  // Scalar's files by name: its entry and its chunks (source maps left out); nothing else is served.
  const files = new Map<string, () => Promise<Asset>>([
    [SCALAR_ENTRY, lazyAsset(() => readFile(join(scalarFolder, SCALAR_ENTRY)))],
    ['zod-policy.js', lazyAsset(async () => Buffer.from(zodPolicyScript))],
    ['settings.js', lazyAsset(async () => Buffer.from(settingsScript))],
    ['reference.css', lazyAsset(async () => Buffer.from(referenceStyles))],
  ]);
  const chunks = new Map<string, () => Promise<Asset>>();
  for (const name of readdirSync(join(scalarFolder, 'chunks'))) {
    if (name.endsWith('.js'))
      chunks.set(
        name,
        lazyAsset(() => readFile(join(scalarFolder, 'chunks', name))),
      );
  }
  const hide = { schema: { hide: true } };
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' });
  app.get(API_REFERENCE_PATH, hide, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  );
  app.get(`${API_REFERENCE_PATH}/json`, hide, async () => app.swagger());
  app.get<{ Params: { name: string } }>(`${FILES}/:name`, hide, async (request, reply) => {
    const asset = files.get(request.params.name);
    return asset ? sendFile(request.params.name, request, reply, await asset()) : notFound(reply);
  });
  app.get<{ Params: { name: string } }>(`${FILES}/chunks/:name`, hide, async (request, reply) => {
    const asset = chunks.get(request.params.name);
    return asset ? sendFile(request.params.name, request, reply, await asset()) : notFound(reply);
  });
}
