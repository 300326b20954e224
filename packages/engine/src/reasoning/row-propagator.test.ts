import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductModel } from '../model/model';
import { toProblem } from '../problem/problem';
import { arbitrarySmallModel, dropdownOptions } from '../testing/random-model';
import { Propagator } from './propagator';
import { excludesAlone, RowPropagator } from './row-propagator';

/** Models with tables of up to 100 rows, so that row bitsets span several words. */
const arbitraryWideModel = (): fc.Arbitrary<ProductModel> =>
  fc
    .record({
      sizes: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 6 }),
      seed: fc.array(fc.array(fc.nat(), { minLength: 100, maxLength: 100 }), { minLength: 1, maxLength: 4 }),
      flags: fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 100 })), { minLength: 4, maxLength: 4 }),
    })
    .map(({ sizes, seed, flags }) => ({
      id: 'wide',
      name: 'wide',
      version: 1,
      options: dropdownOptions(sizes),
      pages: [],
      constraints: seed.map((numbers, c) => {
        const scope = [c % sizes.length, (c + 1) % sizes.length, (c + 2) % sizes.length];
        const [isAllowed, rows] = flags[c] ?? [true, 0];
        return {
          kind: 'table' as const,
          id: `c${c}`,
          options: scope.map((x) => `o${x}`),
          semantics: isAllowed ? ('allowed' as const) : ('forbidden' as const),
          tuples: Array.from({ length: rows }, (_, t) =>
            scope.map((x, k) => `v${(numbers[(t * 3 + k) % 100] ?? 0) % (sizes[x] ?? 1)}`),
          ),
        };
      }),
    }));

const check = (model: ProductModel, picks: readonly number[], bigTableRows: number) => {
  const problem = toProblem(model);
  const assign = Int32Array.from(problem.domains, (domain, x) => {
    const pick = picks[x] ?? 0;
    return pick % 3 === 0 ? -1 : pick % domain.length;
  });
  const reference = new Propagator(problem);
  const rows = new RowPropagator(problem, { bigTableRows });
  for (let round = 0; round < 2; round += 1) {
    let isConsistent = true;
    for (let x = 0; x < assign.length && isConsistent; x += 1) {
      const v = assign[x] ?? -1;
      if (v >= 0) isConsistent = reference.assign(x, v);
    }
    // The row propagator sets every choice, then propagates once (as explanations use it).
    let isRowConsistent = rows.assignAll(assign);
    expect(isRowConsistent).toBe(isConsistent);
    if (isConsistent) isConsistent = reference.propagate();
    if (isRowConsistent) isRowConsistent = rows.propagate(problem.tables.keys());
    expect(isRowConsistent).toBe(isConsistent);
    if (isConsistent) expect([...rows.alive]).toEqual([...reference.alive]);
    const culprits = isRowConsistent ? [] : rows.wipeOutCulprits();
    reference.undo(0);
    rows.reset();
    if (isRowConsistent) continue;
    // The culprits alone wipe the same choices out (each reduced once, then to the fixpoint).
    rows.enabled = new Uint8Array(problem.tables.length);
    for (const c of culprits) rows.enabled[c] = 1;
    let isWiped = !rows.assignAll(assign);
    if (!isWiped) isWiped = !rows.propagate(culprits);
    expect(isWiped).toBe(true);
    rows.reset();
    rows.enabled = null;
  }
  problem.tables.forEach((table, c) => {
    const arity = table.scope.length;
    const isFull = Array.from(table.scope).every((x) => (assign[x] ?? -1) >= 0);
    let agrees = false;
    for (let t = 0; t < table.tupleCount && !agrees; t += 1) {
      agrees = Array.from(table.scope).every((x, k) => {
        const v = assign[x] ?? -1;
        return v < 0 || table.tuples[t * arity + k] === v;
      });
    }
    const expected = table.isAllowed ? !agrees : isFull && agrees;
    expect(excludesAlone(problem, c, assign)).toBe(expected);
  });
};

describe('RowPropagator (row bitsets for explanations)', () => {
  it('reaches the same domains and wipe-outs as the tuple-scanning propagator, and its culprits alone wipe out', () => {
    // Whichever tables count as big (reduced only when no small one waits): none, some or all of them.
    const picks = fc.array(fc.nat(), { minLength: 8, maxLength: 8 });
    const bigTableRows = fc.integer({ min: -1, max: 120 });
    fc.assert(fc.property(arbitrarySmallModel(), picks, bigTableRows, check), { numRuns: 300 });
    fc.assert(fc.property(arbitraryWideModel(), picks, bigTableRows, check), { numRuns: 300 });
  });
});
