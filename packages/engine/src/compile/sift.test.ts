import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mdd } from '../diagram/mdd';
import type { ProductModel } from '../model/model';
import { MddReasoner } from '../reasoning/mdd-reasoner';
import { generateConfigInstance } from '../testing/config-instance';
import { countByFrontier } from '../testing/oracle';
import { seededRandom } from '../testing/random';
import { arbitrarySmallModel } from '../testing/random-model';
import { type CompiledModel, compileModel } from './compile';
import { siftMdd } from './sift';

const forever = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };

const domainSizes = (compiled: CompiledModel): number[] => compiled.problem.domains.map((domain) => domain.length);

const reasonerOf = (compiled: CompiledModel, mdd: Mdd) => new MddReasoner(mdd, compiled.problem.valueOffset, false);

/** Every node's edges as text, layer by layer: equal texts in one layer would be a node that should be merged. */
const expectReduced = (mdd: Mdd) => {
  for (let k = 0; k + 1 < mdd.layerStart.length; k += 1) {
    const rows = new Set<string>();
    for (let node = mdd.layerStart[k] ?? 0; node < (mdd.layerStart[k + 1] ?? 0); node += 1) {
      const edges: string[] = [];
      for (let e = mdd.edgeStart[node] ?? 0; e < (mdd.edgeStart[node + 1] ?? 0); e += 1) {
        const child = mdd.edgeChild[e] ?? 0;
        expect(child).toBeGreaterThanOrEqual(mdd.layerStart[k + 1] ?? 0);
        expect(child).toBeLessThan(mdd.layerStart[k + 2] ?? 0);
        edges.push(`${mdd.edgeLabel[e]}:${child}`);
      }
      rows.add(edges.join(' '));
    }
    expect(rows.size).toBe((mdd.layerStart[k + 1] ?? 0) - (mdd.layerStart[k] ?? 0));
  }
};

/** Random partial assignments (each option free or one of its values) drawn from `random`. */
const randomAssignments = (compiled: CompiledModel, random: () => number, count: number): Int32Array[] =>
  Array.from({ length: count }, () =>
    Int32Array.from(compiled.problem.domains, (domain) => (random() < 0.5 ? -1 : Math.floor(random() * domain.length))),
  );

/** The two diagrams answer every query alike: supported values, feasibility and counts under `assignments`. */
const expectSameAnswers = (compiled: CompiledModel, a: Mdd, b: Mdd, assignments: readonly Int32Array[]) => {
  const [left, right] = [reasonerOf(compiled, a), reasonerOf(compiled, b)];
  const values = compiled.problem.valueOffset[compiled.problem.domains.length] ?? 0;
  for (const assign of [new Int32Array(compiled.problem.domains.length).fill(-1), ...assignments]) {
    const [outLeft, outRight] = [new Uint8Array(values), new Uint8Array(values)];
    left.supports(assign, outLeft);
    right.supports(assign, outRight);
    expect(outRight).toEqual(outLeft);
    expect(right.isFeasible(assign)).toBe(left.isFeasible(assign));
    expect(right.count(assign)).toBe(left.count(assign));
  }
};

describe('siftMdd', () => {
  it('keeps the meaning of random diagrams through every swap, and leaves them reduced', () => {
    fc.assert(
      fc.property(arbitrarySmallModel(), fc.integer(), (model: ProductModel, seed) => {
        const compiled = compileModel(model, { sift: false });
        if (!compiled.mdd) throw new Error('small models always compile');
        // No growth limit: every variable walks the whole order, so every pair of layers is swapped.
        const sifted = siftMdd(compiled.mdd, domainSizes(compiled), {
          ...forever,
          maxGrowth: Number.POSITIVE_INFINITY,
        });
        expect([...sifted.order].sort()).toEqual([...compiled.mdd.order].sort());
        expect(sifted.edgeCount).toBeLessThanOrEqual(compiled.mdd.edgeCount);
        expectReduced(sifted);
        expectSameAnswers(compiled, compiled.mdd, sifted, randomAssignments(compiled, seededRandom(seed), 8));
      }),
      { numRuns: 300 },
    );
  });

  it('shrinks a generated 60-variable instance and still counts it exactly', () => {
    const model = generateConfigInstance({ variables: 60, seed: 4 });
    const compiled = compileModel(model, { sift: false });
    if (!compiled.mdd) throw new Error('60 variables compile');
    const sifted = siftMdd(compiled.mdd, domainSizes(compiled), forever);
    expect(sifted.edgeCount).toBeLessThan(compiled.mdd.edgeCount);
    expect(sifted.order).not.toEqual(compiled.mdd.order);
    expectReduced(sifted);
    expect(reasonerOf(compiled, sifted).count(new Int32Array(60).fill(-1))).toBe(
      // The generator's hidden line order, in which every table's scope is local (the counter's cheap order).
      countByFrontier(
        model,
        Array.from({ length: 60 }, (_, x) => `v${x}`),
      ),
    );
    expectSameAnswers(compiled, compiled.mdd, sifted, randomAssignments(compiled, seededRandom(60), 40));
  });

  it('starts no move past its deadline and then returns the diagram it was given', () => {
    const compiled = compileModel(generateConfigInstance({ variables: 30, seed: 2 }), { sift: false });
    if (!compiled.mdd) throw new Error('30 variables compile');
    expect(siftMdd(compiled.mdd, domainSizes(compiled), { deadline: 0, now: () => 1 })).toBe(compiled.mdd);
  });

  it('starts no move once its work cap is spent', () => {
    const compiled = compileModel(generateConfigInstance({ variables: 60, seed: 4 }), { sift: false });
    if (!compiled.mdd) throw new Error('60 variables compile');
    const sizes = domainSizes(compiled);
    const full = siftMdd(compiled.mdd, sizes, forever);
    const capped = siftMdd(compiled.mdd, sizes, { ...forever, maxCells: 5 * compiled.mdd.edgeCount });
    expect(capped.edgeCount).toBeGreaterThan(full.edgeCount);
    expect(capped.edgeCount).toBeLessThan(compiled.mdd.edgeCount);
    expect(siftMdd(compiled.mdd, sizes, { ...forever, maxCells: 1_000 * compiled.mdd.edgeCount })).toEqual(full);
  });

  it('moves nothing with a window of no layers', () => {
    const compiled = compileModel(generateConfigInstance({ variables: 60, seed: 4 }), { sift: false });
    if (!compiled.mdd) throw new Error('60 variables compile');
    expect(siftMdd(compiled.mdd, domainSizes(compiled), { ...forever, window: 0 })).toBe(compiled.mdd);
  });
});
