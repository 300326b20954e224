/**
 * Document rendering benchmark: the printed quote of a 50-line quote (with contact, addresses, comments and review
 * answers) rendered to a compressed PDF, 200 times after 10 warm-ups. Prints p50, p95 and max of wall time and the
 * size; asserts nothing (the target is p50 under 300 ms).
 *
 * Then what a big document does to everyone else: a Fastify server with a trivial route and a route that renders a
 * 1,500-line quote, both in one process as in the app. While the big quote renders RENDERS times back to back, a
 * client keeps 4 requests to the trivial route in flight and prints their p50/p99/max, first with the quote rendered
 * on the server's own thread (as before the document renderer), then in the renderer's worker thread.
 */
import { cpus, loadavg } from 'node:os';
import Fastify from 'fastify';
import { sampleQuote } from '../apps/server/src/modules/documents/sample-quote.test-support';
import { createDocumentRenderer } from '../apps/server/src/pdf/document-renderer';
import { renderPrintedQuote } from '../apps/server/src/pdf/documents.render';

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

const renderer = createDocumentRenderer();
const BIG_LINES = 1500;
const RENDERS = 5;
const IN_FLIGHT = 4;
const big = sampleQuote(BIG_LINES);

/** p50/p99/max of the trivial route while the big quote renders RENDERS times, rendered by `render`. */
async function othersWhileRendering(render: () => Promise<Buffer>): Promise<string> {
  const app = Fastify();
  app.get('/ping', async () => ({ ok: true }));
  app.post('/print', async () => ({ bytes: (await render()).length }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  await render();
  const latencies: number[] = [];
  let isRendering = true;
  const client = async () => {
    while (isRendering) {
      const start = performance.now();
      await (await fetch(`${base}/ping`)).json();
      latencies.push(performance.now() - start);
    }
  };
  const clients = Array.from({ length: IN_FLIGHT }, client);
  const renderStart = performance.now();
  for (let i = 0; i < RENDERS; i++) await (await fetch(`${base}/print`, { method: 'POST' })).json();
  const renderMs = (performance.now() - renderStart) / RENDERS;
  isRendering = false;
  await Promise.all(clients);
  await app.close();
  const sortedLatencies = [...latencies].sort((a, b) => a - b);
  return `print ${ms(renderMs)} each; other requests p50 ${ms(quantile(sortedLatencies, 0.5))}  p99 ${ms(quantile(sortedLatencies, 0.99))}  max ${ms(sortedLatencies[sortedLatencies.length - 1] ?? Number.NaN)}  (n=${latencies.length})`;
}

console.log(
  `${BIG_LINES}-line quote, on the server's thread     ${await othersWhileRendering(() => renderPrintedQuote(big))}`,
);
console.log(
  `${BIG_LINES}-line quote, in the document renderer  ${await othersWhileRendering(() => renderer.render({ kind: 'quote', quote: big, compress: true }))}`,
);
await renderer.close();
