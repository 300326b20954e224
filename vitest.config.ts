import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two workers at least. Vitest's default (a worker per core but one) runs every file in turn on a 2-core machine
    // such as CI's, where a file spends most of its time importing and the second core sat idle: the whole suite
    // took 697 s with one worker and 485 s with two (2026-11-29). Each file has its own database and ports.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      { test: { name: 'engine', root: 'packages/engine', environment: 'node', testTimeout: 120_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', environment: 'happy-dom' } },
    ],
  },
});
