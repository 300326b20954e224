import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError, InvalidValueError } from '../model/errors';
import { domainOf } from '../model/model';
import { createSession, type ProductSession } from '../product-session/product-session';
import { satisfiesTable } from '../testing/oracle';
import {
  arbitraryBoundedProduct,
  arbitraryProduct,
  HALF_STEPS,
  type Known,
  type RandomProduct,
} from '../testing/random-product';
import { intervalIndexOf } from './intervals';
import { compileModel } from './product-compile';

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

/** The checkbox as selection-time checks read it: chosen, else implied (one value left by the core), else unknown. */
const knownOf = (solutions: readonly Solution[], choices: Solution): Known => {
  if (choices.flag !== undefined) return choices;
  const [no, yes] = ['False', 'True'].map((flag) => solutions.some((s) => s.flag === flag && agrees(s, choices, '')));
  return { ...choices, flag: no === yes ? undefined : yes ? 'True' : 'False' };
};

/** Whether a selection-time rule is false or a chosen number is outside its bounds (Kleene: unknown passes). */
const breaksChecks = (product: RandomProduct, solutions: readonly Solution[], choices: Solution): boolean => {
  const known = knownOf(solutions, choices);
  if (product.checks.some((check) => check.holds(known) === false)) return true;
  return product.bounds.some(({ optionId, which, limit }) => {
    const n = choices[optionId];
    const at = limit(known);
    return typeof n === 'number' && at !== null && (which === 'min' ? n < at : n > at);
  });
};

/** The oracle's verdict on choosing `value` keeping every other choice: core-consistent and breaking no check. */
const accepts = (
  product: RandomProduct,
  solutions: readonly Solution[],
  choices: Solution,
  id: string,
  value: string | number,
) => {
  const next = { ...choices, [id]: value };
  return solutions.some((solution) => agrees(solution, next, '')) && !breaksChecks(product, solutions, next);
};

/**
 * The oracle's `dropConflicting`: the new choice alone (else refused), then the earlier choices in order, each
 * kept if accepted after those kept; the new choice changes in place or comes last.
 */
const forced = (
  product: RandomProduct,
  solutions: readonly Solution[],
  before: readonly { optionId: string; value: string }[],
  id: string,
  value: string | number,
) => {
  if (!accepts(product, solutions, {}, id, value)) return null;
  const kept: Solution = { [id]: value };
  const dropped: { optionId: string; value: string }[] = [];
  for (const choice of before) {
    if (choice.optionId === id) continue;
    const option = product.model.options.find((o) => o.id === choice.optionId);
    const v = option?.kind === 'number' ? Number(choice.value) : choice.value;
    if (accepts(product, solutions, kept, choice.optionId, v)) kept[choice.optionId] = v;
    else dropped.push(choice);
  }
  const order = before.map((choice) => choice.optionId as string);
  if (!order.includes(id)) order.push(id);
  const choices = order
    .filter((optionId) => optionId in kept)
    .map((optionId) => ({ optionId, value: String(kept[optionId]) }));
  return { choices, dropped };
};

/** One random action: clear, select (refused exactly when the oracle refuses, changing nothing), or force. */
const step = (product: RandomProduct, solutions: readonly Solution[], session: ProductSession, pick: number[]) => {
  const [o = 0, v = 0, c = 0] = pick;
  const option = product.model.options[o % product.model.options.length];
  if (!option) return;
  if (c % 5 === 0) {
    session.clear(option.id);
    return;
  }
  const before = session.choices();
  const values: (string | number)[] =
    option.kind === 'number' ? Array.from({ length: 25 }, (_, i) => i / 2 - 1) : domainOf(option);
  // A forced choice mostly takes a value the current choices refuse but that is possible alone (something must
  // be dropped for it), else one refused even alone.
  const refused =
    c % 5 === 1 ? values.filter((x) => !accepts(product, solutions, choicesOf(session), option.id, x)) : [];
  const droppable = refused.filter((x) => accepts(product, solutions, {}, option.id, x));
  const pool = droppable.length > 0 && v % 4 !== 0 ? droppable : refused.length > 0 ? refused : values;
  const value = pool[v % pool.length] ?? '';
  if (c % 5 === 1) {
    const expected = forced(product, solutions, before, option.id, value);
    if (expected === null) {
      expect(() => session.select(option.id, value, { dropConflicting: true })).toThrow(EngineError);
      expect(session.choices()).toEqual(before);
    } else {
      expect(session.select(option.id, value, { dropConflicting: true }).dropped).toEqual(expected.dropped);
      expect(session.choices()).toEqual(expected.choices);
    }
  } else if (accepts(product, solutions, choicesOf(session), option.id, value)) session.select(option.id, value);
  else {
    expect(() => session.select(option.id, value)).toThrow(option.kind === 'number' ? InvalidValueError : Error);
    expect(session.choices()).toEqual(before);
  }
};

/**
 * With selection-time checks: the choices are core-consistent and break no check, what the core holds is exact
 * (enabled values, numbers' intervals), number ranges are the core's hull within the own bounds for the values
 * known now, and a replay rebuilds the choices.
 */
const expectSound = (product: RandomProduct, solutions: readonly Solution[], session: ProductSession) => {
  const choices = choicesOf(session);
  expect(solutions.some((solution) => agrees(solution, choices, ''))).toBe(true);
  expect(breaksChecks(product, solutions, choices)).toBe(false);
  const known = knownOf(solutions, choices);
  for (const option of product.model.options) {
    const compatible = solutions.filter((solution) => agrees(solution, choices, option.id));
    if (option.kind !== 'number') {
      const expected = domainOf(option).filter((value) => compatible.some((solution) => solution[option.id] === value));
      expect(session.validValues(option.id)).toEqual(expected);
      continue;
    }
    const possible = HALF_STEPS.filter((n) => compatible.some((solution) => solution[option.id] === n));
    for (const n of HALF_STEPS) expect(session.isEnabled(option.id, n)).toBe(possible.includes(n));
    const own = (which: 'min' | 'max') =>
      product.bounds.find((b) => b.optionId === option.id && b.which === which)?.limit(known) ?? null;
    const [min, max] = [own('min'), own('max')];
    const range = session.range(option.id);
    const hull = [possible[0], possible[possible.length - 1]];
    if (possible.length > 0) {
      expect([range?.min, range?.max]).toEqual([
        min === null ? hull[0] : Math.max(min, hull[0] ?? min),
        max === null ? hull[1] : Math.min(max, hull[1] ?? max),
      ]);
    }
  }
  const replay = createSession(session.compiled, { choices: session.choices() });
  expect(replay.choices()).toEqual(session.choices());
};

/**
 * A random session of a random product: the compiled guarantee and selection-time bounds are what the product
 * holds, and `expectState` holds at the start and after every action.
 */
const walk = (
  product: RandomProduct,
  actions: readonly number[][],
  expectState: (product: RandomProduct, solutions: readonly Solution[], session: ProductSession) => void,
) => {
  const compiled = compileModel(product.model);
  expect(compiled.guarantee).toBe(product.bounds.length + product.checks.length > 0 ? 'finite-part' : 'complete');
  const bounds = product.bounds.map((bound) => `${bound.optionId}.range.${bound.which}`);
  expect([...compiled.stats.runtimeBounds].sort()).toEqual(bounds.sort());
  const solutions = solve(product);
  const session = createSession(compiled);
  expect(session.state().Guarantee).toBe(compiled.guarantee);
  if (solutions.length === 0) {
    expect(session.count()).toBe(0n);
    return;
  }
  expectState(product, solutions, session);
  for (const action of actions) {
    step(product, solutions, session, action);
    expectState(product, solutions, session);
  }
};

const actions = (maxLength: number) => fc.array(fc.array(fc.nat(), { minLength: 3, maxLength: 3 }), { maxLength });

describe('product sessions with rules and numbers against the brute-force oracle', () => {
  it('enabled values, number ranges, acceptance, forced choices and counts are exactly the oracle’s', () => {
    fc.assert(
      fc.property(arbitraryProduct(), actions(8), (product, steps) => walk(product, steps, expectMatches)),
      { numRuns: 300, seed: 5 },
    );
  });

  it('range bounds reading another number and arithmetic rules hold after every select, clear and forced choice', () => {
    fc.assert(
      fc.property(arbitraryBoundedProduct(), actions(10), (product, steps) => walk(product, steps, expectSound)),
      { numRuns: 300, seed: 9 },
    );
  });
});
