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
    // The spec files share their worker's module graph (the product, playwright-core): each file starts
    // its own app and browser connection in its hooks and stops them after, and the setup file runs
    // again before every file. Importing the product once rather than once per file saves seconds per file.
    isolate: false,
  },
});
