import { defineConfig } from 'vitest/config';
import projects from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    passWithNoTests: false,
    // Two spec files at once on two cores (vitest's default is one fewer than the cores, so one): the
    // product's specs spend much of their time waiting on its threads, stores and child processes.
    maxWorkers: 2,
  },
});
