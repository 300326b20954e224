import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidValueError } from './errors';
import { intervalIndexOf } from './intervals';
import { domainOf } from './model';
import { compileModel } from './product-compile';
import { createSession, type ProductSession } from './product-session';
import { satisfiesTable } from './testing/oracle';
import { arbitraryProduct, HALF_STEPS, type RandomProduct } from './testing/random-product';

type Solution = Record<string, string | number>;

/** Brute force: every assignment (numbers over the half-integers of [0, 10]) that satisfies rules and table. */
const solve = ({ model, rules }: RandomProduct): Solution[] => {
  const table = model.constraints.find((c) => c.kind === 'table');
  const columns = model.options.map((option) =>
    option.kind === 'number' ? HALF_STEPS : (domainOf(option) as (string | number)[]),
  );
  const solutions: Solution[] = [];
  const current: Solution = {};
  const walk = (k: number) => {
    const option = model.options[k];
    if (!option) {
      const strings = Object.fromEntries(Object.entries(current).map(([id, v]) => [id, String(v)]));
      if (rules.every((rule) => rule.holds(current)) && (table?.kind !== 'table' || satisfiesTable(table, strings))) {
        solutions.push({ ...current });
      }
      return;
    }
    for (const value of columns[k] ?? []) {
      current[option.id] = value;
      walk(k + 1);
    }
  };
  walk(0);
  return solutions;
};

const choicesOf = (session: ProductSession): Solution =>
  Object.fromEntries(
    session.choices().map((choice) => {
      const option = session.compiled.model.options.find((o) => o.id === choice.optionId);
      return [choice.optionId, option?.kind === 'number' ? Number(choice.value) : choice.value];
    }),
  );

const agrees = (solution: Solution, partial: Solution, except: string) =>
  Object.entries(partial).every(([id, value]) => id === except || solution[id] === value);

/** Enabled values, number ranges, acceptance, counts and the state's IsEnabled all match the oracle. */
const expectMatches = (product: RandomProduct, solutions: readonly Solution[], session: ProductSession) => {
  const choices = choicesOf(session);
  for (const option of product.model.options) {
    const compatible = solutions.filter((solution) => agrees(solution, choices, option.id));
    if (option.kind === 'number') {
      const possible = HALF_STEPS.filter((n) => compatible.some((solution) => solution[option.id] === n));
      for (const n of HALF_STEPS) expect(session.isEnabled(option.id, n)).toBe(possible.includes(n));
      const range = session.range(option.id);
      if (possible.length > 0) expect([range?.min, range?.max]).toEqual([possible[0], possible[possible.length - 1]]);
    } else {
      const expected = domainOf(option).filter((value) => compatible.some((solution) => solution[option.id] === value));
      expect(session.validValues(option.id)).toEqual(expected);
    }
  }
  // The count is of configurations with each number taken by interval: the oracle's classes.
  const classes = new Set(
    solutions
      .filter((solution) => agrees(solution, choices, ''))
      .map((solution) =>
        product.model.options
          .map((option) => {
            const value = solution[option.id];
            const domain = session.variant.numbers.get(option.id);
            return domain ? intervalIndexOf(domain, value as number) : value;
          })
          .join('|'),
      ),
  );
  expect(session.count()).toBe(BigInt(classes.size));
  for (const screenOption of session.state().Pages[0]?.Screens[0]?.ScreenOptions ?? []) {
    const enabled = session.validValues(screenOption.ID);
    for (const value of screenOption.SelectableValues) expect(value.IsEnabled).toBe(enabled.includes(value.Value));
  }
};

const step = (product: RandomProduct, solutions: readonly Solution[], session: ProductSession, pick: number[]) => {
  const [o = 0, v = 0, c = 0] = pick;
  const option = product.model.options[o % product.model.options.length];
  if (!option) return;
  if (c % 5 === 0) {
    session.clear(option.id);
    return;
  }
  const before = session.choices();
  const value = option.kind === 'number' ? (v % 25) / 2 - 1 : (domainOf(option)[v % domainOf(option).length] ?? '');
  const choices = choicesOf(session);
  const isPossible = solutions.some((s) => s[option.id] === value && agrees(s, choices, option.id));
  if (isPossible) session.select(option.id, value);
  else {
    expect(() => session.select(option.id, value)).toThrow(option.kind === 'number' ? InvalidValueError : Error);
    expect(session.choices()).toEqual(before);
  }
};

describe('product sessions with rules and numbers against the brute-force oracle', () => {
  it('enabled values, number ranges, acceptance and counts are exactly the oracle’s', () => {
    fc.assert(
      fc.property(
        arbitraryProduct(),
        fc.array(fc.array(fc.nat(), { minLength: 3, maxLength: 3 }), { maxLength: 8 }),
        (product, actions) => {
          const compiled = compileModel(product.model);
          expect(compiled.guarantee).toBe('complete');
          const solutions = solve(product);
          const session = createSession(compiled);
          if (solutions.length === 0) {
            expect(session.count()).toBe(0n);
            return;
          }
          expectMatches(product, solutions, session);
          for (const action of actions) {
            step(product, solutions, session, action);
            expectMatches(product, solutions, session);
          }
        },
      ),
      { numRuns: 300, seed: 5 },
    );
  });
});
