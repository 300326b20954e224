import { describe, expect, it } from 'vitest';
import { createSession } from '../session/session';
import { generateConfigInstance } from '../testing/config-instance';
import { countByFrontier, enumerateSolutions } from '../testing/oracle';
import { seededRandom, shuffled } from '../testing/random';
import { compileModel } from './compile';

/** The generator's hidden line order, in which every table's scope is local (the oracle's cheap order). */
const hiddenOrder = (variables: number): string[] => Array.from({ length: variables }, (_, x) => `v${x}`);

describe('generated car-configuration instances', () => {
  it('have the statistics of car configuration problems and are reproducible by seed', () => {
    const model = generateConfigInstance({ variables: 268, seed: 4 });
    const sizes = model.options.map((option) => option.values?.length ?? 0);
    const arities = model.constraints.map((c) => (c.kind === 'table' ? c.options.length : 0));
    expect(model.options).toHaveLength(268);
    expect(Math.min(...sizes)).toBe(2);
    expect(Math.max(...sizes)).toBeGreaterThan(20);
    expect(sizes.filter((size) => size <= 4).length).toBeGreaterThan(268 / 2);
    expect(Math.min(...arities)).toBe(2);
    expect(Math.max(...arities)).toBeLessThanOrEqual(10);
    expect(arities.filter((arity) => arity >= 8).length).toBeGreaterThan(0);
    const covered = new Set(model.constraints.flatMap((c) => (c.kind === 'table' ? c.options : [])));
    expect(covered.size).toBe(268);
    expect(generateConfigInstance({ variables: 268, seed: 4 })).toEqual(model);
    expect(generateConfigInstance({ variables: 268, seed: 5 })).not.toEqual(model);
  });

  it('the frontier counter agrees with brute-force enumeration on tiny instances', () => {
    for (const seed of [1, 2, 3]) {
      const model = generateConfigInstance({ variables: 9, seed, looseness: 0.5 });
      expect(countByFrontier(model, hiddenOrder(9))).toBe(BigInt(enumerateSolutions(model).length));
    }
  });

  it('exact counts match the independent frontier counter on small instances', () => {
    for (const [variables, seed] of [
      [20, 1],
      [30, 2],
      [60, 4],
      [100, 5],
    ] as const) {
      const model = generateConfigInstance({ variables, seed });
      const compiled = compileModel(model);
      expect(compiled.guarantee).toBe('complete');
      const expected = countByFrontier(model, hiddenOrder(variables));
      expect(expected).toBeGreaterThan(0n);
      expect(createSession(compiled).count()).toBe(expected);
    }
  });

  it('compiles 150 variables completely, counts them exactly and random sessions never dead-end', () => {
    const model = generateConfigInstance({ variables: 150, seed: 1 });
    const compiled = compileModel(model);
    expect(compiled.guarantee).toBe('complete');
    expect(createSession(compiled).count()).toBe(countByFrontier(model, hiddenOrder(150)));
    const random = seededRandom(15);
    const optionIds = model.options.map((option) => option.id);
    for (let run = 0; run < 20; run += 1) {
      const session = createSession(compiled);
      for (const optionId of shuffled(optionIds, random)) {
        const values = session.validValues(optionId);
        expect(values.length).toBeGreaterThan(0);
        session.select(optionId, values[Math.floor(random() * values.length)] ?? '');
      }
      expect(session.count()).toBe(1n);
    }
  });
});
