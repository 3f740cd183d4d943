import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const backend = 'http://localhost:3000';

/**
 * Each built script and stylesheet also as `.br` and `.gz` beside it, compressed once at build time at
 * the strongest settings: the server sends the one the browser accepts (standalone/src/web-assets.ts),
 * so a first visit downloads about a quarter of the bytes.
 */
function precompressAssets(): Plugin {
  return {
    name: 'dispatch:precompress-assets',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return;
      const folder = join(dir, 'assets');
      for (const name of await readdir(folder)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const body = await readFile(join(folder, name));
        if (body.length < 1024) continue;
        const brotli = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        await writeFile(join(folder, `${name}.br`), brotli);
        await writeFile(join(folder, `${name}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** The file of the build that lists the organization area's scripts (standalone/src/web-assets.ts reads it). */
const ORGANIZATION_PRELOADS = 'organization-preloads.json';

/**
 * The scripts of the organization area's frame (navigation, menus, live connection) that the entry
 * does not load itself, listed in ORGANIZATION_PRELOADS: the server names them in a signed-in page
 * of the organization, so the browser fetches them beside the entry rather than after running it.
 */
function organizationPreloads(): Plugin {
  return {
    name: 'dispatch:organization-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { entry, frame, reach } = chunkGraph(bundle);
      const atBoot = reach(entry.fileName, new Set());
      const files = [...reach(frame.fileName, new Set())].filter((file) => !atBoot.has(file));
      this.emitFile({
        type: 'asset',
        fileName: ORGANIZATION_PRELOADS,
        source: JSON.stringify(files.map((file) => `/${file}`)),
      });
    },
  };
}

/**
 * The chunks of a build, its entry's, the organization frame's, and `reach`, which adds a chunk and
 * every chunk it imports (statically) to a set.
 */
function chunkGraph(bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const frame = chunks.find((chunk) => FRAME_COMPONENT.test(chunk.facadeModuleId ?? ''));
  if (!entry || !frame) throw new Error('no entry or organization frame chunk in the build');
  const reach = (fileName: string, into: Set<string>): Set<string> => {
    const chunk = bundle[fileName];
    if (into.has(fileName) || chunk?.type !== 'chunk') return into;
    into.add(fileName);
    for (const imported of chunk.imports) reach(imported, into);
    return into;
  };
  return { chunks, entry, frame, reach };
}

/** The file of the build that lists each organization screen's scripts (standalone/src/web-assets.ts reads it). */
const SCREEN_PRELOADS = 'screen-preloads.json';

/**
 * The address pattern of a route file (`_authenticated/$orgSlug/trucks/index.tsx` →
 * `/$orgSlug/trucks`), as the router's file names give it: pathless (`_`) segments, `index` and
 * `route` add nothing, a dot separates segments, a trailing `_` only leaves the parent's layout.
 */
function routePattern(file: string): string {
  const segments = file
    .replace(/\.tsx$/, '')
    .split('/')
    .flatMap((part) => part.split('.'))
    .filter((part) => !part.startsWith('_') && part !== 'index' && part !== 'route')
    .map((part) => part.replace(/_$/, ''));
  return `/${segments.join('/')}`;
}

/**
 * The scripts of each screen of the organization area that neither the entry nor the organization's
 * frame loads (its own code, its layouts', what they import), listed in SCREEN_PRELOADS by the
 * screen's address pattern: the server names the first screen's in its page, so the browser fetches
 * them beside the entry rather than after running it.
 */
function screenPreloads(): Plugin {
  return {
    name: 'dispatch:screen-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, entry, frame, reach } = chunkGraph(bundle);
      const loaded = reach(frame.fileName, reach(entry.fileName, new Set()));
      /** Route files (relative to routes/) and the chunk holding each one's component. */
      const components = new Map<string, string>();
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) {
          const route = /[\\/]src[\\/]routes[\\/](.+\.tsx)\?tsr-split=component$/.exec(id)?.[1];
          if (route) components.set(route.replace(/\\/g, '/'), chunk.fileName);
        }
      }
      const screens = [...components.keys()].filter(
        (file) => file.startsWith('_authenticated/$orgSlug/') && !/(^|\/)route\.tsx$/.test(file),
      );
      const list = screens.map((file) => {
        // The screen's layouts: each folder above it as a file of its own or as its route.tsx.
        const folders = file.split('/').slice(0, -1);
        const layouts = folders.flatMap((_, at) => {
          const folder = folders.slice(0, at + 1).join('/');
          return [`${folder}.tsx`, `${folder}/route.tsx`];
        });
        const files = new Set<string>();
        for (const route of [...layouts, file]) {
          const chunk = components.get(route);
          if (chunk) reach(chunk, files);
        }
        return {
          path: routePattern(file),
          scripts: [...files].filter((name) => !loaded.has(name)).map((name) => `/${name}`),
        };
      });
      this.emitFile({ type: 'asset', fileName: SCREEN_PRELOADS, source: JSON.stringify(list) });
    },
  };
}

/** The organization frame's split component module (its route's code beside the route tree). */
const FRAME_COMPONENT = /[\\/]routes[\\/]_authenticated[\\/]\$orgSlug[\\/]route\.tsx\?tsr-split=component$/;
/** Route modules of the organization area (the frame and its screens). */
const ORGANIZATION_AREA = /[\\/]routes[\\/]_authenticated[\\/]\$orgSlug[\\/]/;
/** Route modules of the signed-in pages (the organization area, the account, onboarding, admin). */
const SIGNED_IN_AREA = /[\\/]routes[\\/]_authenticated[\\/.]/;
/** The sign-in page's split component module. */
const SIGN_IN_COMPONENT = /[\\/]routes[\\/]_public[\\/]login\.tsx\?tsr-split=component$/;

/**
 * The organization frame's code (navigation, menus, command menu, live connection) in four chunks
 * rather than in some fifty of a few hundred bytes each: on HTTP/1.1 a browser asks for six at a
 * time, so a first paint waited on them in eight round trips. Found once the module graph is built,
 * among the modules statically reached from the frame's component that the entry does not reach:
 * `organization`, those no route outside the organization area can load; `signedIn`, those the other
 * signed-in pages (account, onboarding, admin) load too; `forms`, those the sign-in page loads too;
 * `shared`, those other pages of a visitor not signed in can load. Each chunk holds the modules of one
 * set of areas and every module a wider set of areas can load is in another chunk, so no chunk it
 * imports imports it back, and the sign-in page loads none of the frame but what it uses itself.
 */
function organizationFrameModules() {
  const groups = {
    organization: new Set<string>(),
    signedIn: new Set<string>(),
    forms: new Set<string>(),
    shared: new Set<string>(),
  };
  const plugin: Plugin = {
    name: 'dispatch:organization-frame-modules',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      /** The modules reached from roots, through static imports (and dynamic ones if asked). */
      const reached = (roots: string[], dynamic: boolean) => {
        const seen = new Set<string>();
        const stack = [...roots];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (!info) continue;
          stack.push(...info.importedIds);
          if (dynamic) stack.push(...info.dynamicallyImportedIds);
        }
        return seen;
      };
      const lazy = new Set(ids.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
      const routes = [...lazy].filter((id) => /[\\/]routes[\\/]/.test(id));
      const frame = routes.filter((id) => FRAME_COMPONENT.test(id));
      const signIn = routes.filter((id) => SIGN_IN_COMPONENT.test(id));
      if (frame.length !== 1 || signIn.length !== 1) {
        throw new Error('no organization frame or sign-in component in the module graph');
      }
      const atBoot = reached(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        false,
      );
      const notSignedIn = reached(
        routes.filter((id) => !SIGNED_IN_AREA.test(id)),
        true,
      );
      const outside = reached(
        routes.filter((id) => !ORGANIZATION_AREA.test(id)),
        true,
      );
      const signInCode = reached(signIn, false);
      for (const id of reached(frame, false)) {
        if (atBoot.has(id)) continue;
        const group = signInCode.has(id)
          ? groups.forms
          : notSignedIn.has(id)
            ? groups.shared
            : outside.has(id)
              ? groups.signedIn
              : groups.organization;
        group.add(id);
      }
    },
  };
  const test = (group: Set<string>) => (id: string) => group.has(id);
  return {
    plugin,
    organization: test(groups.organization),
    signedIn: test(groups.signedIn),
    forms: test(groups.forms),
    shared: test(groups.shared),
  };
}

const frameModules = organizationFrameModules();

export default defineConfig({
  plugins: [
    // The router plugin must run before the React plugin so route files are split first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    tailwindcss(),
    precompressAssets(),
    organizationPreloads(),
    screenPreloads(),
    frameModules.plugin,
  ],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/socket.io': { target: backend, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and the setting that keeps it from trying eval (src/lib/zod-policy.ts) share one chunk,
          // the setting right after zod: it then holds before any chunk that builds a schema runs,
          // wherever the bundle puts the domain's modules.
          groups: [
            {
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-policy\.ts$/,
              priority: 100,
            },
            // The phone rules and libphonenumber's numbering plans, loaded by the screens with a phone
            // field only (not by the first screen of a visit).
            {
              name: 'phone',
              test: /[\\/]node_modules[\\/]libphonenumber-js[\\/]|[\\/]domain[\\/]src[\\/]shared[\\/]phone\.ts$/,
              priority: 90,
            },
            // Fewer, larger chunks: a browser opens six connections to a server, so a first visit that
            // asks for a hundred small chunks waits on them in turns, and the screen's data with them.
            // The icons, each a module of its own, in one chunk.
            {
              name: 'icons',
              test: /[\\/]node_modules[\\/]lucide-react[\\/]/,
              priority: 80,
            },
            // React and the router and query libraries each in a chunk of its own beside the entry:
            // a browser fetches the four at once, each on a connection of its own, where one large
            // entry came on one connection while the others went to the first screen's small scripts.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 60,
            },
            {
              name: 'tanstack',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](router-core|react-router|history|store|react-store|query-core|react-query)[\\/]/,
              priority: 60,
            },
            // Everything the entry imports (the route tree's guards, search rules and query keys
            // included) in the entry's chunk, not in dozens of chunks preloaded beside it.
            {
              name: 'boot',
              tags: ['$initial'],
              priority: 50,
            },
            // The organization frame's code by the areas that load it (see organizationFrameModules):
            // each group takes only its own modules, the chunks of wider areas hold the rest.
            {
              name: 'organization',
              test: frameModules.organization,
              priority: 40,
              includeDependenciesRecursively: false,
            },
            {
              name: 'signed-in',
              test: frameModules.signedIn,
              priority: 39,
              includeDependenciesRecursively: false,
            },
            {
              name: 'forms',
              test: frameModules.forms,
              priority: 38,
              includeDependenciesRecursively: false,
            },
            {
              name: 'shared',
              test: frameModules.shared,
              priority: 37,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
