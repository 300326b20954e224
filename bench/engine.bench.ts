/**
 * Configuration engine benchmark on the Renault Megane instance: import, compile, compiled size, the time of a
 * step (valid values of every option after a choice) over 100,000 steps of random sessions, count() and
 * explanations of random disabled values. Prints figures; asserts nothing. Seeded, so runs are comparable.
 */
import { readFileSync } from 'node:fs';
import { compileModel, createSession, importXcsp, type Session } from '../packages/engine/src/index';
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
  console.log(`${label.padEnd(34)} ${figures.join('  ')}  (n=${samples.length})`);
};
const timed = <T>(run: () => T): [T, number] => {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
};

const importTimes = Array.from({ length: 5 }, () => timed(() => importXcsp(xml))[1]);
const model = importXcsp(xml);
summary('import (2.8 MB XCSP)', importTimes);

const compileTimes: number[] = [];
let compiled = compileModel(model);
for (let i = 0; i < 5; i += 1) {
  const [result, time] = timed(() => compileModel(model));
  compiled = result;
  compileTimes.push(time);
}
summary('compile', compileTimes);
const { stats } = compiled;
console.log(
  `compiled: guarantee ${compiled.guarantee}, ${stats.nodes} nodes, ${stats.edges} edges, ${stats.bytes} bytes, ` +
    `${stats.orderAttempts} order attempt(s)`,
);

const optionIds = model.options.map((option) => option.id);
const stepTimes: number[] = [];
const countTimes: number[] = [];
const explainTimes: number[] = [];
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
    if (random() < 0.02) countTimes.push(timed(() => session.count())[1]);
    if (random() < 0.1 && sessions.length < 2000)
      sessions.push(createSession(compiled, { choices: session.choices() }));
  }
}
summary('step (valid values of all options)', stepTimes);
summary('count()', countTimes);

for (const session of sessions) {
  const option = model.options[Math.floor(random() * model.options.length)];
  const disabled = (option?.values ?? []).filter((v) => option && !session.isEnabled(option.id, v.value));
  const pick = disabled[Math.floor(random() * disabled.length)];
  if (!option || !pick) continue;
  explainTimes.push(timed(() => session.explain(option.id, pick.value))[1]);
}
summary('explain (disabled value)', explainTimes);
