import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompiledModel, compileModel } from '../compile/compile';
import { refutation } from '../explanation/explain';
import { DisabledValueError } from '../model/errors';
import { domainOf, type ProductModel } from '../model/model';
import { RowPropagator } from '../reasoning/row-propagator';
import { type Assignment, agrees, enumerateSolutions, oracleFewestChanges, oracleValidValues } from '../testing/oracle';
import { type Action, arbitraryActions, arbitrarySmallModel } from '../testing/random-model';
import type { Session } from './session';
import { createSession, FLAG_TEXTS_KEPT, MASKED_UP_TO } from './session';

const choicesOf = (session: Session): Assignment =>
  Object.fromEntries(session.choices().map((choice) => [choice.optionId, choice.value]));

/** Every answer of the session equals the oracle's for the current choices. */
const expectMatchesOracle = (model: ProductModel, solutions: readonly Assignment[], session: Session) => {
  const choices = choicesOf(session);
  expect(solutions.some((solution) => agrees(solution, choices))).toBe(true);
  for (const option of model.options) {
    const valid = oracleValidValues(model, solutions, choices, option.id);
    expect(session.validValues(option.id)).toEqual(valid);
    const flags = domainOf(option).map((value) => (valid.includes(value) ? '1' : '0'));
    expect(session.enabledFlags(option.id)).toBe(flags.join(''));
    // The choice, else the value the constraints imply.
    expect(session.fixedValue(option.id)).toBe(choices[option.id] ?? (valid.length === 1 ? valid[0] : undefined));
  }
  expect(session.count()).toBe(BigInt(solutions.filter((solution) => agrees(solution, choices)).length));
};

/** Applies one random action and checks how a refused or forced selection behaves. */
const act = (model: ProductModel, solutions: readonly Assignment[], session: Session, action: Action) => {
  const option = model.options[action.option % model.options.length];
  if (!option) return;
  if (action.isClear) {
    session.clear(option.id);
    return;
  }
  const values = option.values ?? [];
  const value = values[action.value % values.length]?.value ?? '';
  const before = session.choices();
  if (session.isEnabled(option.id, value)) {
    session.select(option.id, value);
  } else if (action.isForced && !solutions.some((solution) => solution[option.id] === value)) {
    expect(() => session.select(option.id, value, { dropConflicting: true })).toThrow(DisabledValueError);
  } else if (action.isForced) {
    const { dropped } = session.select(option.id, value, { dropConflicting: true });
    expect(session.choices().find((choice) => choice.optionId === option.id)?.value).toBe(value);
    for (const choice of dropped) expect(before).toContainEqual(choice);
  } else {
    expect(() => session.select(option.id, value)).toThrow(DisabledValueError);
    expect(session.choices()).toEqual(before);
  }
};

/**
 * A set of 2-8 constraints that propagation refutes the conflict with (the deletion pass's domain) has no table to
 * spare: without any one of them propagation no longer refutes it.
 */
const expectMinimalUnderPropagation = (session: Session, conflict: Assignment, ids: readonly string[]) => {
  const { problem } = session.compiled;
  const assign = new Int32Array(problem.domains.length).fill(-1);
  for (const [optionId, value] of Object.entries(conflict)) {
    const x = problem.varIndex.get(optionId) ?? -1;
    assign[x] = problem.valueIndex[x]?.get(value) ?? -1;
  }
  const tables = problem.tables.flatMap((table, c) => (ids.includes(table.id) ? [c] : []));
  const propagator = new RowPropagator(problem);
  const refutes = (subset: readonly number[]) => refutation(propagator, assign, subset) !== null;
  if (tables.length < 2 || tables.length > 8 || !refutes(tables)) return;
  for (const c of tables) expect(refutes(tables.filter((d) => d !== c))).toBe(false);
};

/** An explanation of every disabled value is a real, minimal conflict and its fix is optimal (oracle). */
const expectExplanationsHold = (model: ProductModel, solutions: readonly Assignment[], session: Session) => {
  const choices = choicesOf(session);
  const isPossible = (partial: Assignment) => solutions.some((solution) => agrees(solution, partial));
  for (const option of model.options) {
    const enabled = new Set(session.validValues(option.id));
    for (const { value } of option.values ?? []) {
      if (enabled.has(value)) continue;
      const explanation = session.explain(option.id, value);
      expect(explanation.isEnabled).toBe(false);
      const conflict = Object.fromEntries(explanation.conflict.map((c) => [c.optionId as string, c.value]));
      expect(agrees(choices, conflict)).toBe(true);
      expect(isPossible({ ...conflict, [option.id]: value })).toBe(false);
      for (const dropped of explanation.conflict) {
        const rest = Object.fromEntries(Object.entries(conflict).filter(([id]) => id !== dropped.optionId));
        expect(isPossible({ ...rest, [option.id]: value })).toBe(true);
      }
      const tables = model.constraints.filter(
        (c) => c.kind === 'table' && explanation.constraints.includes(c.id as never),
      );
      const underThose = enumerateSolutions(model, tables as never);
      expect(underThose.some((s) => agrees(s, { ...conflict, [option.id]: value }))).toBe(false);
      expectMinimalUnderPropagation(session, { ...conflict, [option.id]: value }, explanation.constraints);
      const fewest = oracleFewestChanges(solutions, choices, option.id, value);
      expect(explanation.canBeEnabled).toBe(fewest !== Number.POSITIVE_INFINITY);
      if (!explanation.canBeEnabled) continue;
      expect(explanation.changes.length).toBe(fewest);
      const changed = { ...choices, [option.id]: value };
      for (const change of explanation.changes) changed[change.optionId] = change.to;
      expect(isPossible(changed)).toBe(true);
    }
  }
};

const runScenario = (model: ProductModel, compiled: CompiledModel, actions: Action[], withExplain: boolean) => {
  const solutions = enumerateSolutions(model);
  if (solutions.length === 0) {
    expect(compiled.reasoner.count(new Int32Array(model.options.length).fill(-1))).toBe(0n);
    return;
  }
  const session = createSession(compiled);
  expectMatchesOracle(model, solutions, session);
  for (const action of actions) {
    act(model, solutions, session, action);
    expectMatchesOracle(model, solutions, session);
    if (withExplain) expectExplanationsHold(model, solutions, session);
  }
  const replay = createSession(compiled, { choices: session.choices() });
  for (const option of model.options) expect(replay.validValues(option.id)).toEqual(session.validValues(option.id));
};

describe('session against the brute-force oracle', () => {
  it('enabled values and counts are exactly the oracle’s, in any order of choices, changes and clears', () => {
    fc.assert(
      fc.property(arbitrarySmallModel(), arbitraryActions(), (model, actions) => {
        runScenario(model, compileModel(model), actions, false);
      }),
      { numRuns: 2000, seed: 42 },
    );
  });

  it('explanations are real minimal conflicts and the fewest changes are optimal', () => {
    fc.assert(
      fc.property(arbitrarySmallModel(), arbitraryActions(), (model, actions) => {
        runScenario(model, compileModel(model), actions, true);
      }),
      { numRuns: 600, seed: 7 },
    );
  });

  it('the search fallback (budget 0) agrees with the oracle too', () => {
    fc.assert(
      fc.property(arbitrarySmallModel(), arbitraryActions(), (model, actions) => {
        const compiled = compileModel(model, { budgetMs: 0 });
        expect(compiled.guarantee).toBe('incomplete');
        runScenario(model, compiled, actions, true);
      }),
      { numRuns: 400, seed: 11 },
    );
  });

  it('never leads into a dead end: choosing enabled values always completes to a valid configuration', () => {
    fc.assert(
      fc.property(arbitrarySmallModel(), fc.array(fc.nat(), { minLength: 7, maxLength: 7 }), (model, picks) => {
        const solutions = enumerateSolutions(model);
        if (solutions.length === 0) return;
        const session = createSession(compileModel(model));
        model.options.forEach((option, k) => {
          const values = session.validValues(option.id);
          expect(values.length).toBeGreaterThan(0);
          session.select(option.id, values[(picks[k] ?? 0) % values.length] ?? '');
        });
        expect(solutions.some((solution) => agrees(solution, choicesOf(session)))).toBe(true);
        expect(session.count()).toBe(1n);
      }),
      { numRuns: 1000, seed: 3 },
    );
  });
});

describe('enabledFlags', () => {
  /**
   * Option `x` with `size` values and a switch `s<i>` per value `i` that forbids it when off: turning switches off
   * disables any chosen subset of `x`'s values.
   */
  const switched = (size: number): ProductModel => ({
    id: 'switched',
    name: 'Switched',
    version: 1,
    options: [
      {
        id: 'x',
        caption: 'X',
        kind: 'single',
        displayType: 'dropdown',
        values: Array.from({ length: size }, (_, i) => ({ value: `v${i}` })),
      },
      ...Array.from({ length: size }, (_, i) => ({
        id: `s${i}`,
        caption: `Switch ${i}`,
        kind: 'boolean' as const,
        displayType: 'checkbox' as const,
      })),
    ],
    pages: [],
    constraints: Array.from({ length: size }, (_, i) => ({
      kind: 'table' as const,
      id: `off${i}`,
      options: ['x', `s${i}`],
      semantics: 'forbidden' as const,
      tuples: [[`v${i}`, 'False']],
    })),
  });
  /** x's flags with the switches of `off` turned off, the rest left open. */
  const flagsWith = (compiled: CompiledModel, off: readonly number[]): string => {
    const session = createSession(compiled);
    for (const i of off) session.select(`s${i}`, 'False');
    return session.enabledFlags('x');
  };
  const expected = (size: number, off: readonly number[]) =>
    Array.from({ length: size }, (_, i) => (off.includes(i) ? '0' : '1')).join('');

  it('flags a domain wider than a bit mask holds value by value', () => {
    const size = MASKED_UP_TO + 9;
    const compiled = compileModel(switched(size));
    for (const off of [[], [0], [size - 1], [1, MASKED_UP_TO, MASKED_UP_TO + 1, size - 2]]) {
      expect(flagsWith(compiled, off)).toBe(expected(size, off));
    }
    expect(flagsWith(compiled, [])).toHaveLength(size);
  });

  it(`stays right after an option's ${FLAG_TEXTS_KEPT} remembered texts are forgotten`, () => {
    const size = 11; // 2,047 masks (x keeps a value): the texts remembered are forgotten once on the way.
    const compiled = compileModel(switched(size));
    for (let mask = 0; mask < 2 ** size - 1; mask += 1) {
      const off = Array.from({ length: size }, (_, i) => i).filter((i) => (mask >> i) & 1);
      expect(flagsWith(compiled, off)).toBe(expected(size, off));
    }
    expect(createSession(compiled).enabledFlags('s0')).toBe('11');
  });
});
