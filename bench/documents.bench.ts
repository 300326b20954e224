/**
 * Document rendering benchmark: the printed quote of a 50-line quote (with contact, addresses, comments and review
 * answers) rendered to a compressed PDF, 200 times after 10 warm-ups. Prints p50, p95 and max of wall time and the
 * size; asserts nothing (the target is p50 under 300 ms).
 */
import { cpus, loadavg } from 'node:os';
import { renderPrintedQuote } from '../apps/server/src/modules/documents/documents.render';
import { sampleQuote } from '../apps/server/src/modules/documents/sample-quote.test-support';

const WARM_UPS = 10;
const RUNS = 200;

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

const quote = sampleQuote(50);
for (let i = 0; i < WARM_UPS; i++) await renderPrintedQuote(quote);
const samples: number[] = [];
let size = 0;
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  const bytes = await renderPrintedQuote(quote);
  samples.push(performance.now() - start);
  size = bytes.length;
}
const sorted = [...samples].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`machine: ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`);
console.log(
  `50-line printed quote PDF   p50 ${ms(quantile(sorted, 0.5))}  p95 ${ms(quantile(sorted, 0.95))}  max ${ms(sorted[sorted.length - 1] ?? Number.NaN)}  (n=${RUNS}, ${size.toLocaleString('en-US')} bytes)`,
);
