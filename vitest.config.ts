import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import projects from './vitest.workspace.ts';

// The test processes and the products they start keep Node's compiled code (and its TypeScript type
// stripping) on disk, so each spec file's process and each product started loads the product faster.
process.env.NODE_COMPILE_CACHE ??= join(import.meta.dirname, 'node_modules/.cache/node-compile-cache');

export default defineConfig({
  test: {
    projects,
    passWithNoTests: false,
  },
});
