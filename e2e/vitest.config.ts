import { defineConfig } from 'vitest/config';

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
    // One spec file at a time: the app, Chromium and its renderers already keep both cores busy.
    fileParallelism: false,
    // Each spec file in a process of its own (vitest's default). A process kept for every file grows
    // with each file's app, and V8 can then fail in it ("Check failed: end > addr", freeing WebAssembly
    // memory), taking every later file down with it.
    isolate: true,
  },
});
