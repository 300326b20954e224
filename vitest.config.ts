import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two workers at least. Vitest's default (a worker per core but one) runs every file in turn on a 2-core machine
    // such as CI's, where a file spends most of its time importing and the second core would sit idle. Each file has
    // its own database and ports.
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
          globalSetup: ['./src/testing/database-template.ts'],
        },
      },
      // A screen test types and clicks through user-event step by step; on two busy cores beside the server files
      // one can need more than the default 5 s without anything being wrong.
      { test: { name: 'web', root: 'apps/web', environment: 'happy-dom', testTimeout: 15_000 } },
    ],
  },
});
