/**
 * The configurator's screen state (`session.state()`, what every configure step answers) on each demo model:
 * the time of one call after a first choice, over 2,000 calls after 200 to warm up. Prints figures against the
 * target of well under a millisecond a call; asserts nothing.
 */
import { compileModel } from '../packages/engine/src/product/product-compile';
import { createSession } from '../packages/engine/src/product-session/product-session';
import { loadDemoModel } from '../packages/engine/src/testing/demo';

const TARGET_MS = 1;
const RUNS = 2_000;

for (const file of ['industrial-door.json', 'office-chair.json', 'bicycle.json']) {
  const session = createSession(compileModel(loadDemoModel(file)));
  const first = session.compiled.model.options.find((option) => option.kind === 'single');
  session.select(first?.id ?? '', first?.values?.[0]?.value ?? '');
  for (let i = 0; i < 200; i += 1) session.state();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    session.state();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  const verdict = mean < TARGET_MS ? 'met' : 'NOT met';
  console.log(
    `state() ${file.padEnd(22)} mean ${mean.toFixed(4)} ms  p50 ${at(0.5).toFixed(4)} ms  p99 ${at(0.99).toFixed(4)} ms  (target: mean < ${TARGET_MS} ms, ${verdict})`,
  );
}
