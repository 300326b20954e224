/**
 * Model check benchmark: the time of `checkModel` (default budget) on each demo model and on Renault Megane, the
 * Megane check with every redundancy search allowed to finish, and `diffModels` of Megane against a version with
 * one more constraint. Prints figures; asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { checkModel, diffModels, importXcsp, type ProductModel, parseModel } from '@cpq/engine';

const load = (file: string): ProductModel =>
  parseModel(JSON.parse(readFileSync(new URL(`../models/${file}`, import.meta.url), 'utf8')));
const megane = importXcsp(readFileSync(new URL('../models/xcsp/renault-megane.xcsp.xml', import.meta.url), 'utf8'));

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN;
const time = (label: string, runs: number, run: () => { findings: readonly unknown[] }) => {
  const samples: number[] = [];
  let findings = 0;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    findings = run().findings.length;
    samples.push(performance.now() - start);
  }
  console.log(`${label.padEnd(44)} median ${median(samples).toFixed(0)} ms  (n=${runs}, ${findings} findings)`);
};

for (const file of ['bicycle.json', 'office-chair.json', 'industrial-door.json']) {
  const model = load(file);
  time(`checkModel ${file}`, 5, () => checkModel(model));
}
time('checkModel Renault Megane (default budget)', 3, () => checkModel(megane));
time('checkModel Renault Megane (no redundancy)', 3, () => checkModel(megane, { redundancy: false }));
time('checkModel Renault Megane (all redundancy)', 1, () => checkModel(megane, { budgetMs: 600_000 }));
const changed: ProductModel = {
  ...megane,
  constraints: [
    ...megane.constraints,
    {
      kind: 'table',
      id: 'extra',
      options: [megane.options[0]?.id ?? ''],
      semantics: 'forbidden',
      tuples: [[megane.options[0]?.values?.[0]?.value ?? '']],
    },
  ],
};
const start = performance.now();
const diff = diffModels(megane, changed);
console.log(
  `${'diffModels Renault Megane (one more table)'.padEnd(44)} ${(performance.now() - start).toFixed(0)} ms  (lost ${diff.lost}, gained ${diff.gained})`,
);
