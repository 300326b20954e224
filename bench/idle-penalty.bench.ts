/**
 * The machine's idle penalty: the same work timed back to back and after the machine idled for 1 to 40 ms, for
 *   - a Megane configure step in the engine and its UI state (in this process, no server, no database), and
 *   - a call into the embedded database (PGlite): `select 1`.
 * On 2-core VMs the work after an idle pause takes several times as long as back to back: caches, and the virtual
 * CPU itself, go cold while nothing runs (such VMs halt an idle virtual CPU at once: with no cpuidle driver, neither
 * /dev/cpu_dma_latency nor haltpoll's polling applies), and the database's WebAssembly, with its far larger code and
 * memory, pays the most.
 * A paced load (bench/configure.bench.ts, 100 requests a second: about 10 ms between requests) pays it on every
 * request, so read its figures beside these.
 *
 *   npm run bench -- idle-penalty
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { compileModel, createSession, importXcsp, type ProductModel } from '@cpq/engine';
import { PGlite } from '@electric-sql/pglite';
import { DEMO_MODELS_DIR } from '../apps/server/src/modules/products/demo-models';
import { percentile } from './api-bench.support';

/** Prints the p50/p90/p99 of `work` after each idle gap, once V8 has optimised it (3,000 runs back to back first). */
async function timeAfterIdle(title: string, work: (i: number) => unknown): Promise<void> {
  for (let i = 0; i < 3000; i += 1) await work(i);
  console.log(`\n${title} after an idle gap, ms`);
  console.log('idle before each     p50      p90      p99      n');
  for (const idleMs of [0, 1, 2.5, 10, 40]) {
    const times: number[] = [];
    const runs = idleMs >= 10 ? 300 : 1500;
    for (let i = 0; i < runs; i += 1) {
      await (idleMs === 0 ? Promise.resolve() : sleep(idleMs));
      const started = performance.now();
      await work(i);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const cells = [50, 90, 99].map((p) => percentile(times, p).toFixed(3).padStart(8));
    console.log(`${`${idleMs} ms`.padEnd(16)}${cells.join(' ')} ${String(runs).padStart(6)}`);
  }
}

const xml = readFileSync(`${DEMO_MODELS_DIR}/xcsp/renault-megane.xcsp.xml`, 'utf8');
const compiled = compileModel(importXcsp(xml) as ProductModel);
const session = createSession(compiled);
const option = compiled.model.options.find((entry) => session.validValues(entry.id).length >= 2);
if (!option) throw new Error('Megane has no option with two valid values');
const [first = '', second = ''] = session.validValues(option.id);

// One step: the choice alternating between two values, then the UI state a configure step answers.
await timeAfterIdle('Megane step + UI state', (i) => {
  session.select(option.id, i % 2 === 0 ? first : second);
  session.state();
});

const database = new PGlite('memory://');
try {
  await timeAfterIdle('PGlite select 1', () => database.query('select 1'));
} finally {
  await database.close();
}
