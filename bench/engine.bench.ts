/**
 * Configuration engine benchmark on the Renault Megane instance: import, compile, compiled size, the time of a
 * step (valid values of every option after a choice) over 100,000 steps of random sessions, count() and
 * explanations of random disabled values, with their two parts (the diagram's minimal conflict and fewest
 * changes; the constraints involved). Prints figures; asserts nothing. Seeded, so runs are comparable.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
// The core engine directly: the package index now exports the product-level layer under these names.
import { compileModel } from '../packages/engine/src/compile/compile';
import { conflictConstraints } from '../packages/engine/src/explanation/explain';
import { importXcsp } from '../packages/engine/src/model/xcsp';
import { createSession, type Session } from '../packages/engine/src/session/session';
import { seededRandom, shuffled } from '../packages/engine/src/testing/random';

const xml = readFileSync(new URL('../models/xcsp/renault-megane.xcsp.xml', import.meta.url), 'utf8');
const random = seededRandom(1);

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const ms = (value: number): string => `${value.toFixed(value < 1 ? 4 : 1)} ms`;
const summary = (label: string, samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const figures = [
    `p50 ${ms(quantile(sorted, 0.5))}`,
    `p99 ${ms(quantile(sorted, 0.99))}`,
    `p99.9 ${ms(quantile(sorted, 0.999))}`,
    `max ${ms(sorted[sorted.length - 1] ?? Number.NaN)}`,
  ];
  console.log(`${label.padEnd(38)} ${figures.join('  ')}  (n=${samples.length})`);
};
const timed = <T>(run: () => T): [T, number] => {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
};
/** CPU time of the process (all threads, GC included) in ms: unlike wall time, it ignores waiting for a core. */
const cpuTimed = <T>(run: () => T): [T, number] => {
  const start = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(start);
  return [result, (used.user + used.system) / 1000];
};

const importTimes = Array.from({ length: 5 }, () => timed(() => importXcsp(xml))[1]);
const model = importXcsp(xml);
summary('import (2.8 MB XCSP)', importTimes);
summary(
  'import, CPU time',
  Array.from({ length: 5 }, () => cpuTimed(() => importXcsp(xml))[1]),
);

const compileTimes: number[] = [];
let compiled = compileModel(model);
for (let i = 0; i < 5; i += 1) {
  const [result, time] = timed(() => compileModel(model));
  compiled = result;
  compileTimes.push(time);
  if (result.guarantee !== 'complete') console.log(`compile ${i} ran out of budget: fallback in use`);
}
summary('compile', compileTimes);
summary(
  'compile, CPU time',
  Array.from({ length: 3 }, () => cpuTimed(() => compileModel(model))[1]),
);
console.log(
  `load average at start: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} on ${cpus().length} cores`,
);
const { stats } = compiled;
console.log(
  `compiled: guarantee ${compiled.guarantee}, ${stats.nodes} nodes, ${stats.edges} edges (${stats.unsiftedEdges} before sifting), ${stats.bytes} bytes, ` +
    `${stats.orderAttempts} order attempt(s)`,
);

const optionIds = model.options.map((option) => option.id);
const stepTimes: number[] = [];
const bestStepTimes: number[] = [];
const { problem } = compiled;
const support = new Uint8Array(problem.valueOffset[problem.domains.length] ?? 0);
const assignmentOf = (session: Session): Int32Array => {
  const assign = new Int32Array(problem.domains.length).fill(-1);
  for (const { optionId, value } of session.choices()) {
    const x = problem.varIndex.get(optionId) ?? 0;
    assign[x] = problem.valueIndex[x]?.get(value) ?? -1;
  }
  return assign;
};
const countTimes: number[] = [];
const sessions: Session[] = [];
while (stepTimes.length < 100_000) {
  const session = createSession(compiled);
  for (const optionId of shuffled(optionIds, random)) {
    const values = session.validValues(optionId);
    session.select(optionId, values[Math.floor(random() * values.length)] ?? '');
    const [, time] = timed(() => {
      for (const other of optionIds) session.validValues(other);
    });
    stepTimes.push(time);
    // The same pass three more times, keeping the fastest: on a shared machine this filters out preemption.
    const assign = assignmentOf(session);
    let best = Number.POSITIVE_INFINITY;
    for (let repeat = 0; repeat < 3; repeat += 1) {
      best = Math.min(best, timed(() => compiled.reasoner.supports(assign, support))[1]);
    }
    bestStepTimes.push(best);
    if (random() < 0.02) countTimes.push(timed(() => session.count())[1]);
    if (random() < 0.1 && sessions.length < 2000)
      sessions.push(createSession(compiled, { choices: session.choices() }));
  }
}
summary('step (valid values of all options)', stepTimes);
summary('step pass, best of 3 repeats', bestStepTimes);
summary('count()', countTimes);

/** Wall-clock and CPU times of every sample of one measured thing. */
type Samples = { wall: number[]; cpu: number[] };
const samples = (): Samples => ({ wall: [], cpu: [] });
/** Runs `run` once, adding its wall-clock and CPU times to `into`. */
const measured = <T>(into: Samples, run: () => T): T => {
  const [[result, wall], cpu] = cpuTimed(() => timed(run));
  into.wall.push(wall);
  into.cpu.push(cpu);
  return result;
};
const explainTimes = samples();
const diagnoseTimes = samples();
const constraintTimes = samples();
for (const session of sessions) {
  const option = model.options[Math.floor(random() * model.options.length)];
  const disabled = (option?.values ?? []).filter((v) => option && !session.isEnabled(option.id, v.value));
  const pick = disabled[Math.floor(random() * disabled.length)];
  if (!option || !pick) continue;
  // Timed once per session (explanations cache their constraint sets, so repeating a call would time the cache).
  const explanation = measured(explainTimes, () => session.explain(option.id, pick.value));
  // Its two parts, timed again on the same value right after (table indexes built, constraint cache bypassed):
  // the diagram's (minimal conflict, fewest changes) and naming the constraints involved.
  const assign = assignmentOf(session);
  const x = problem.varIndex.get(option.id) ?? 0;
  const v = problem.valueIndex[x]?.get(pick.value) ?? 0;
  const order = session.choices().map((choice) => problem.varIndex.get(choice.optionId) ?? 0);
  measured(diagnoseTimes, () => compiled.reasoner.diagnose(assign, x, v, order));
  const conflictAssign = new Int32Array(assign.length).fill(-1);
  conflictAssign[x] = v;
  for (const { optionId, value } of explanation.conflict) {
    const y = problem.varIndex.get(optionId) ?? 0;
    conflictAssign[y] = problem.valueIndex[y]?.get(value) ?? -1;
  }
  // Megane has configurations, so the fallback's question never needs asking.
  measured(constraintTimes, () => conflictConstraints(problem, conflictAssign, () => true));
}
const summaries = (label: string, { wall, cpu }: Samples) => {
  summary(label, wall);
  summary(`${label}, CPU time`, cpu);
};
summaries('explain (disabled value)', explainTimes);
// The first calls run the explanation code before the JIT has optimised it (and the first builds the row
// indexes): the same samples without them show the steady state a long-running server sees.
const WARM_UP = 100;
summaries(`  after its first ${WARM_UP} calls`, {
  wall: explainTimes.wall.slice(WARM_UP),
  cpu: explainTimes.cpu.slice(WARM_UP),
});
summaries('  conflict + fewest changes', diagnoseTimes);
summaries('  constraints involved', constraintTimes);
console.log(
  `load average at end: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
