/**
 * Runs every benchmark in this folder (`*.bench.ts`) one after another, each in its own process so that one
 * benchmark's heap and JIT state never colour another's figures. Each benchmark prints its own figures.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();

/**
 * The server's own V8 settings (apps/server's start script):
 *   - a young generation of 64 MB semi-spaces, so that a request's garbage dies young instead of being promoted and
 *     collected by full collections (on the configure step with Megane, a p99 of 13.5-13.9 ms with the default
 *     16 MB, 7.7 ms with 64 MB);
 *   - no memory reducer: under a steady 100 steps a second V8 took the load for idleness, ran a full collection to
 *     hand memory back (a 23-25 ms pause, its marking on the other core meanwhile) and shrank the young generation,
 *     after which scavenges came every 0.7 s instead of every 3-6 s (30 s of the bicycle's paced load, twice: 43
 *     and 46 scavenges and one full collection, traced in the first as the reducer's, p99 4.9 and 5.5 ms; without
 *     the reducer, one run: 5 scavenges, p99 3.1 ms). The heap keeps the size it grew to under load.
 * Benchmarks that host the app measure it as it runs.
 */
const SERVER_V8_FLAGS = ['--max-semi-space-size=64', '--no-memory-reducer'];

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const run = spawnSync(process.execPath, [...SERVER_V8_FLAGS, '--import', 'tsx', join(here, file)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
