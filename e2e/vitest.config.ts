import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Each spec file's process keeps Node's compiled code (and its TypeScript type stripping) on disk for
// the next one, which then loads the product faster.
process.env.NODE_COMPILE_CACHE ??= join(import.meta.dirname, '../node_modules/.cache/node-compile-cache');

/** The source files of the product's packages (not the browser specs', nor the web app's). */
const PRODUCT_SOURCES =
  /\/(domain|storage|config|http|places|read-models|auth|command-api|projector|query-api|standalone|test-kit)\/src\//;

/** Browser tests: Chromium driven by playwright-core against the standalone app. Run after the web build. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['src/**/*.e2e.spec.ts'],
    // Fails any test in whose pages the Content Security Policy refused something.
    setupFiles: ['src/policy-watch.ts'],
    // One Chromium for the run; each spec file connects to it (src/browser.ts).
    globalSetup: ['src/chromium-server.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two spec files at a time, each with its own app and its own contexts in the one Chromium: a
    // file keeps about one core busy (it waits on the page as much as the page on it), so a second
    // file uses the other core.
    fileParallelism: true,
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each spec file in a process of its own (vitest's default). A process kept for every file grows
    // with each file's app, and V8 can then fail in it ("Check failed: end > addr", freeing WebAssembly
    // memory), taking every later file down with it.
    isolate: true,
    // The product's packages load as Node loads them in production (its own TypeScript type stripping)
    // instead of through vitest's module runner: the spec files are still vitest's, and each file's
    // process imports the product with a fraction of the work (the packages hold erasable TypeScript only).
    server: { deps: { external: [PRODUCT_SOURCES] } },
  },
});
