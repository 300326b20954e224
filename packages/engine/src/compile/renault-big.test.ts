import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductModel, TableConstraint } from '../model/model';
import { importXcsp } from '../model/xcsp';
import { createSession } from '../session/session';
import { countPathsTopDown } from '../testing/mdd-count';
import { satisfiesTable } from '../testing/oracle';
import { seededRandom, shuffled } from '../testing/random';
import { type CompiledModel, compileModel } from './compile';

/** The larger car instance lives beside the checkout (`../shared/benchmarks/`); without it these tests skip. */
const BIG = fileURLToPath(new URL('../../../../../shared/benchmarks/renault-big.xcsp.xml', import.meta.url));

let model: ProductModel;
let compiled: CompiledModel;

describe.skipIf(!existsSync(BIG))('Renault big', () => {
  beforeAll(() => {
    model = importXcsp(readFileSync(BIG, 'utf8'));
    // A budget well above the compile's few seconds: a loaded CI machine must not turn this into a fallback. The node
    // cap is not generous: the heuristic order's conjunction needs about 1M store nodes, the order sifted from the
    // relaxation fits in 800k (nodes, unlike time, are the same on every machine).
    compiled = compileModel(model, { budgetMs: 120_000, maxNodes: 800_000 });
  }, 180_000);

  it('compiles completely; the count is exact and a second counter agrees', () => {
    expect(model.options).toHaveLength(268);
    expect(model.constraints).toHaveLength(332);
    expect(compiled.guarantee).toBe('complete');
    if (!compiled.mdd) throw new Error('Renault big compiles');
    const count = createSession(compiled).count();
    expect(countPathsTopDown(compiled.mdd)).toBe(count);
    expect(count).toBe(24_566_537_954_855_761_920_000n);
  });

  it('random sessions choosing offered values never dead-end and end on a valid configuration', () => {
    const random = seededRandom(268);
    const tables = model.constraints.filter((c): c is TableConstraint => c.kind === 'table');
    const optionIds = model.options.map((option) => option.id);
    for (let run = 0; run < 20; run += 1) {
      const session = createSession(compiled);
      for (const optionId of shuffled(optionIds, random)) {
        const values = session.validValues(optionId);
        if (values.length === 0) throw new Error(`dead end at ${optionId} in run ${run}`);
        session.select(optionId, values[Math.floor(random() * values.length)] ?? '');
      }
      const configuration = Object.fromEntries(session.choices().map((c) => [c.optionId as string, c.value]));
      expect(tables.filter((table) => !satisfiesTable(table, configuration)).map((table) => table.id)).toEqual([]);
      expect(session.count()).toBe(1n);
    }
  });
});
