// The test projects of the repository. vitest 4 no longer reads a workspace file by itself:
// vitest.config.ts imports this list as `test.projects`. Suites that start the product wait for its
// worker threads and stores in their hooks, which on a loaded machine can take longer than vitest's 10 s.
//
// `isolate: false`: the spec files of a project share their worker's module graph instead of importing
// it again for each file (the domain's index alone takes seconds to load on two cores). Their specs
// keep no state in shared modules: each file opens its own stores and app in its hooks and closes them,
// hooks are registered by the spec files themselves (shared helpers register them when called), and
// fake timers are put back after each test. The projector's specs share theirs too: each closes the
// stores and projectors it opens, and importing the read models' graph once rather than once per file
// saves about half a minute of the run. The standalone's specs stay isolated: they start whole apps and
// kill products, and a process of their own per file keeps one file's threads and child processes from
// slowing the next.
/**
 * The product's modules, spec files left out: Node loads them itself, as it does in production (its
 * type stripping; the packages hold erasable TypeScript only), rather than vitest's module runner
 * transforming each one and sending it to every worker. The processes that import the whole product
 * once per spec file (the standalone's) gain most; the spec files themselves still go through vitest.
 */
const PRODUCT_MODULES =
  /\/(domain|storage|config|http|places|read-models|auth|command-api|projector|query-api|standalone|test-kit)\/src\/(?!.*\.spec\.ts$)/;
const nativeProduct = { deps: { external: [PRODUCT_MODULES] } };

export default [
  {
    test: {
      name: 'domain',
      root: './domain',
      include: ['src/**/*.spec.ts'],
      isolate: false,
      server: nativeProduct,
    },
  },
  {
    test: {
      name: 'storage',
      root: './storage',
      include: ['src/**/*.spec.ts'],
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      server: nativeProduct,
    },
  },
  { test: { name: 'config', root: './config', include: ['src/**/*.spec.ts'], server: nativeProduct } },
  { test: { name: 'http', root: './http', include: ['src/**/*.spec.ts'], server: nativeProduct } },
  {
    test: {
      name: 'places',
      root: './places',
      include: ['src/**/*.spec.ts'],
      isolate: false,
      server: nativeProduct,
    },
  },
  {
    test: {
      name: 'auth',
      root: './auth',
      include: ['src/**/*.spec.ts'],
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      server: nativeProduct,
    },
  },
  {
    test: {
      name: 'command-api',
      root: './command-api',
      include: ['src/**/*.spec.ts'],
      isolate: false,
      // Its route specs send a hundred requests at once and rebuild the read models while they serve.
      testTimeout: 60_000,
      hookTimeout: 60_000,
      server: nativeProduct,
    },
  },
  {
    test: {
      name: 'projector',
      root: './projector',
      include: ['src/**/*.spec.ts'],
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      server: nativeProduct,
    },
  },
  {
    test: {
      name: 'query-api',
      root: './query-api',
      include: ['src/**/*.spec.ts'],
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      server: nativeProduct,
    },
  },
  {
    test: {
      name: 'standalone',
      root: './standalone',
      include: ['src/**/*.spec.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
      server: nativeProduct,
    },
  },
  // The web's specs share their workers' module graph (React, the router, the features): each spec
  // renders into its own screen and cleans it up, and importing that graph once per worker rather
  // than once per file takes the project from two minutes to under twenty seconds.
  {
    test: {
      name: 'web',
      root: './web',
      include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx'],
      isolate: false,
      // Stubs end with their test, so no spec passes on what an earlier file stubbed.
      unstubGlobals: true,
      // A screen's spec types into forms and waits for what they draw: on a shared, loaded machine that
      // takes longer than vitest's 5 s.
      testTimeout: 20_000,
      setupFiles: ['src/testing/browser-environment.ts'],
    },
  },
];
