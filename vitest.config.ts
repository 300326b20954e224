import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The test files under `root` that replace a module (vi.mock, vi.doMock). Without isolation a module replaced in one
 * file would stay replaced for the files that run after it in the same worker, so these keep a worker each.
 */
function filesMockingModules(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, file), 'utf8')))
    .map((file) => file.replaceAll('\\', '/'));
}

/**
 * A project whose files share a worker and its loaded modules (no isolation): a worker per file would start a process
 * and import the app, the database and the UI libraries again for every file, which is most of a file's time. The
 * files that mock a module run isolated in `<name>-isolated`.
 */
function shared(test: TestProjectInlineConfiguration['test'] & { name: string; root: string }) {
  const mocking = filesMockingModules(test.root);
  const projects: TestProjectInlineConfiguration[] = [
    { test: { ...test, isolate: false, exclude: [...configDefaults.exclude, ...mocking] } },
  ];
  if (mocking.length) projects.push({ test: { ...test, name: `${test.name}-isolated`, include: mocking } });
  return projects;
}

export default defineConfig({
  test: {
    // Two workers at least. Vitest's default (a worker per core but one) runs every file in turn on a 2-core machine
    // such as CI's, where a file spends most of its time importing and the second core would sit idle. Each file has
    // its own database and ports.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Pure code without module state a test changes: threads start faster than processes.
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', pool: 'threads', isolate: false } },
      {
        test: {
          name: 'engine',
          root: 'packages/engine',
          environment: 'node',
          pool: 'threads',
          isolate: false,
          testTimeout: 120_000,
        },
      },
      // Every server test file builds its own app on its own database, so sharing the modules shares no rows; the
      // module-level caches are keyed by what they cache (a database handle, a model, a connection's settings).
      ...shared({
        name: 'server',
        root: 'apps/server',
        environment: 'node',
        testTimeout: 30_000,
        hookTimeout: 60_000,
        globalSetup: ['./src/testing/database-template.ts'],
      }),
      // A screen test types and clicks through user-event step by step; on two busy cores beside the server files
      // one can need more than the default 5 s without anything being wrong. The files share a page too: each
      // leaves it empty (src/test/leave-page-clean.ts).
      ...shared({
        name: 'web',
        root: 'apps/web',
        environment: 'happy-dom',
        testTimeout: 15_000,
        setupFiles: ['./src/test/leave-page-clean.ts'],
      }),
    ],
  },
});
