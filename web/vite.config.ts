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
      const chunks = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk => item.type === 'chunk',
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      const frame = chunks.find((chunk) =>
        /[\\/]routes[\\/]_authenticated[\\/]\$orgSlug[\\/]route\.tsx\?/.test(chunk.facadeModuleId ?? ''),
      );
      if (!entry || !frame) throw new Error('no entry or organization frame chunk in the build');
      const reach = (fileName: string, into: Set<string>) => {
        const chunk = bundle[fileName];
        if (into.has(fileName) || chunk?.type !== 'chunk') return into;
        into.add(fileName);
        for (const imported of chunk.imports) reach(imported, into);
        return into;
      };
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
            // Everything the entry imports (the route tree's guards, search rules and query keys
            // included) in the entry's chunk, not in dozens of chunks preloaded beside it.
            {
              name: 'boot',
              tags: ['$initial'],
              priority: 50,
            },
          ],
        },
      },
    },
  },
});
