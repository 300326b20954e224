/**
 * Configuration engine at scale: seeded car-configuration-like instances (`generateConfigInstance`) of growing
 * size, with Renault Megane as the reference point. Per size: compile time, diagram size, the process's peak
 * resident memory after that compile (sizes run smallest first, so each figure bounds that compile's peak), the
 * step pass (valid values of every option after a choice) p50/p99/p99.9, explain p50/p99 and count(). Renault
 * big (from `../shared/benchmarks/`, when there) is measured last, over 1,000 whole random sessions, and its exact
 * count is checked by a second counter (`countPathsTopDown`). Prints figures; asserts nothing.
 * `npx tsx bench/engine-scale.bench.ts [maxVariables]`.
 *
 * Then the stored compiled diagrams (the server's `compiled-diagram-store.ts`) of Megane and of Renault big (from
 * `../shared/benchmarks/`, when there): the file's size, gzipped size, and the time a restarted server takes to
 * load a version (parsing the model, its hash, reading and checking the file, assembling the compiled model)
 * against compiling it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createDiagramStore, modelHashOf } from '../apps/server/src/compiler/compiled-diagram-store';
import { compileModel } from '../packages/engine/src/compile/compile';
import type { ProductModel } from '../packages/engine/src/model/model';
import { parseModel } from '../packages/engine/src/model/model-validation';
import { importXcsp } from '../packages/engine/src/model/xcsp';
import { compileModel as compileProduct, compileProductDiagram } from '../packages/engine/src/product/product-compile';
import { createSession } from '../packages/engine/src/session/session';
import { generateConfigInstance } from '../packages/engine/src/testing/config-instance';
import { countPathsTopDown } from '../packages/engine/src/testing/mdd-count';
import { seededRandom, shuffled } from '../packages/engine/src/testing/random';

const maxVariables = Number(process.argv[2] ?? 300);
const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const ms = (value: number): string => `${value.toFixed(value < 1 ? 3 : 1)} ms`;
const figures = (samples: number[], qs: readonly number[]): string => {
  const sorted = [...samples].sort((a, b) => a - b);
  return qs.map((q) => `p${(q * 100).toString()} ${ms(quantile(sorted, q))}`).join(' ');
};
const timed = <T>(run: () => T): [T, number] => {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
};
/** CPU time of the process (this thread's work, not the preemption a loaded machine adds to wall time). */
const cpuTimed = <T>(run: () => T): [T, number] => {
  const start = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(start);
  return [result, (used.user + used.system) / 1000];
};
/** A count as `d.dde+N` when long. */
const scientific = (count: bigint): string => {
  const digits = count.toString();
  return digits.length > 12 ? `${digits[0]}.${digits.slice(1, 3)}e${digits.length - 1}` : digits;
};
const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/**
 * Compiles `model` and measures steps, explanations and counts over seeded random sessions: 20,000 steps, or with
 * `sessions`, that many whole sessions (every option chosen among its offered values, one explanation of a
 * disabled value each), which also checks that none dead-ends and that each ends with one configuration.
 */
const measure = (label: string, model: ProductModel, sessions?: number) => {
  const tuples = model.constraints.reduce((sum, c) => sum + (c.kind === 'table' ? c.tuples.length : 0), 0);
  const [[compiled, compileMs], compileCpuMs] = cpuTimed(() =>
    timed(() => compileModel(model, { budgetMs: 60_000, maxNodes: 30_000_000 })),
  );
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const { stats } = compiled;
  const head = `${label.padEnd(14)} ${model.options.length} vars ${model.constraints.length} tables ${tuples} tuples`;
  if (compiled.guarantee !== 'complete') {
    console.log(`${head}  compile ${ms(compileMs)}  FALLBACK (${compiled.guarantee}), peak RSS ${mib(peakRss)}`);
    return;
  }
  const random = seededRandom(7);
  const { problem } = compiled;
  const support = new Uint8Array(problem.valueOffset[problem.domains.length] ?? 0);
  const optionIds = model.options.map((option) => option.id);
  const steps: number[] = [];
  const counts: number[] = [];
  const explains: number[] = [];
  const stepsCpu: number[] = [];
  const explainsCpu: number[] = [];
  const [total, fullCountMs] = timed(() => createSession(compiled).count());
  const stepTarget = sessions === undefined ? 20_000 : Number.POSITIVE_INFINITY;
  let deadEnds = 0;
  let notOne = 0;
  for (let run = 0; sessions === undefined ? steps.length < stepTarget : run < sessions; run += 1) {
    const session = createSession(compiled);
    const assign = new Int32Array(problem.domains.length).fill(-1);
    const explainAt = Math.floor(random() * optionIds.length);
    for (const [index, optionId] of shuffled(optionIds, random).entries()) {
      if (steps.length >= stepTarget) break;
      const values = session.validValues(optionId);
      if (values.length === 0) deadEnds += 1;
      const value = values[Math.floor(random() * values.length)] ?? '';
      session.select(optionId, value);
      const x = problem.varIndex.get(optionId) ?? 0;
      assign[x] = problem.valueIndex[x]?.get(value) ?? -1;
      const [[, stepMs], stepCpuMs] = cpuTimed(() => timed(() => compiled.reasoner.supports(assign, support)));
      steps.push(stepMs);
      stepsCpu.push(stepCpuMs);
      if (random() < 0.02) counts.push(timed(() => session.count())[1]);
      if (sessions === undefined ? random() < 0.03 && explains.length < 500 : index === explainAt) {
        const option = model.options[Math.floor(random() * model.options.length)];
        const disabled = (option?.values ?? []).filter((v) => option && !session.isEnabled(option.id, v.value));
        const pick = disabled[Math.floor(random() * disabled.length)];
        if (option && pick) {
          const [[, explainMs], explainCpuMs] = cpuTimed(() => timed(() => session.explain(option.id, pick.value)));
          explains.push(explainMs);
          explainsCpu.push(explainCpuMs);
        }
      }
    }
    if (sessions !== undefined && session.count() !== 1n) notOne += 1;
  }
  // The exact count, checked against a second counter that walks the diagram the other way (top down, in BigInt).
  const exact =
    sessions === undefined
      ? ''
      : (() => {
          const [second, secondMs] = timed(() => (compiled.mdd ? countPathsTopDown(compiled.mdd) : -1n));
          const agree = second === total ? 'agree' : `DISAGREE (second counter ${second})`;
          return (
            `\n${''.padEnd(15)}exact count ${total} (session count and top-down path count ${agree}, ${ms(secondMs)})` +
            `  ${sessions} sessions, ${steps.length} steps: ${deadEnds} dead ends, ${notOne} not ending at one configuration` +
            `\n${''.padEnd(15)}CPU time: compile ${ms(compileCpuMs)}  step ${figures(stepsCpu, [0.5, 0.99, 0.999])}` +
            `  explain ${figures(explainsCpu, [0.5, 0.99])}`
          );
        })();
  console.log(
    `${head}  count ${scientific(total)}` +
      `  compile ${ms(compileMs)}  ${stats.nodes} nodes ${stats.edges} edges (${stats.unsiftedEdges} before sifting) ${(stats.bytes / 1024).toFixed(0)} KiB` +
      `  peak RSS ${mib(peakRss)}\n${''.padEnd(15)}step ${figures(steps, [0.5, 0.99, 0.999])}` +
      `  explain ${figures(explains, [0.5, 0.99])} (n=${explains.length})` +
      `  count ${ms(fullCountMs)} first, ${figures(counts, [0.5, 0.99])}${exact}`,
  );
};

console.log(
  `load average at start: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} on ${cpus().length} cores`,
);
const xml = readFileSync(new URL('../models/xcsp/renault-megane.xcsp.xml', import.meta.url), 'utf8');
measure('megane', importXcsp(xml));
for (const variables of [50, 100, 150, 200, 268, 300]) {
  if (variables > maxVariables) break;
  measure(`generated-${variables}`, generateConfigInstance({ variables, seed: 1 }));
}
// Looser tables make wider diagrams (7.6k nodes, 4e40 configurations): steps and explanations on a bigger diagram.
if (maxVariables >= 300) {
  const loose = { variables: 300, seed: 2, looseness: 1, maxClasses: 100, spread: 30 };
  measure('loose-300', generateConfigInstance(loose));
}
// Last: its peak RSS figure, the process's peak so far, then bounds its own compile's peak as well as the others'.
const big = new URL('../../shared/benchmarks/renault-big.xcsp.xml', import.meta.url);
if (existsSync(big)) measure('renault-big', importXcsp(readFileSync(big, 'utf8')), 1_000);
else console.log('renault-big: ../shared/benchmarks/renault-big.xcsp.xml not found, skipped');

/** A compiled version stored as the server stores it, then loaded as a restarted server loads it. */
const measureStored = async (label: string, model: ProductModel) => {
  const dir = mkdtempSync(join(tmpdir(), 'cpq-bench-diagrams-'));
  try {
    const store = createDiagramStore(dir);
    const parsed = parseModel(model);
    const limits = { budgetMs: 60_000, maxNodes: 30_000_000 };
    const [diagram, compileMs] = timed(() => compileProductDiagram(model, undefined, limits));
    const [, assembleMs] = timed(() => compileProduct(model, { ...limits, diagram }));
    await store.write(1, modelHashOf(parsed), diagram);
    const bytes = readFileSync(join(dir, '1.diagram'));
    const gzipped = gzipSync(bytes, { level: 1 });
    // Each part of a load, five times: what a restarted server does on a version's first start.
    const parts: Record<'parse' | 'hash' | 'read' | 'assembly' | 'total', number[]> = {
      parse: [],
      hash: [],
      read: [],
      assembly: [],
      total: [],
    };
    for (let run = 0; run < 5; run += 1) {
      const [again, parseMs] = timed(() => parseModel(model));
      const [hash, hashMs] = timed(() => modelHashOf(again));
      const start = performance.now();
      const stored = await store.read(1, hash);
      const readMs = performance.now() - start;
      if (!stored) throw new Error(`${label}: the stored diagram did not load`);
      const [, assemblyMs] = timed(() => compileProduct(again, { ...limits, diagram: stored }));
      parts.parse.push(parseMs);
      parts.hash.push(hashMs);
      parts.read.push(readMs);
      parts.assembly.push(assemblyMs);
      parts.total.push(parseMs + hashMs + readMs + assemblyMs);
    }
    const median = (samples: number[]) =>
      ms(
        quantile(
          [...samples].sort((x, y) => x - y),
          0.5,
        ),
      );
    console.log(
      `${`stored ${label}`.padEnd(20)} file ${(statSync(join(dir, '1.diagram')).size / 1024).toFixed(0)} KiB` +
        ` (gzip -1: ${(gzipped.length / 1024).toFixed(0)} KiB)  load ${median(parts.total)}` +
        ` (parse ${median(parts.parse)}, hash ${median(parts.hash)}, read and checks ${median(parts.read)},` +
        ` assembly ${median(parts.assembly)}; medians of 5)  against compile ${ms(compileMs)} + assembly ${ms(assembleMs)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

await measureStored('megane', importXcsp(xml));
if (existsSync(big)) await measureStored('renault-big', importXcsp(readFileSync(big, 'utf8')));
else console.log('stored renault-big: ../shared/benchmarks/renault-big.xcsp.xml not found, skipped');

console.log(
  `load average at end: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
