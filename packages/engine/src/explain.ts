import type { CompiledModel } from './compile';
import { BudgetExceededError } from './errors';
import type { ConstraintId, OptionId } from './ids';
import type { FiniteProblem } from './problem';
import { findSolution, restrict } from './search';

/** One change proposed by an explanation: set `optionId` from its current choice `from` to `to`. */
export type ChoiceChange = { readonly optionId: OptionId; readonly from: string; readonly to: string };

/** Why a value is disabled, and the cheapest way to enable it. */
export type Explanation = {
  readonly optionId: OptionId;
  readonly value: string;
  readonly isEnabled: boolean;
  /** Smallest set of current choices that, with the constraints, exclude the value (removing any one enables it). */
  readonly conflict: readonly { optionId: OptionId; value: string }[];
  /** Constraints that, with `conflict`, exclude the value (a minimal set when search could prove it). */
  readonly constraints: readonly ConstraintId[];
  /** False when no valid configuration has the value at all (it is dead whatever the choices). */
  readonly canBeEnabled: boolean;
  /** Fewest choices to change so that the value becomes available, with suggested new values. */
  readonly changes: readonly ChoiceChange[];
};

/** QuickXplain (Junker 2004) over assignment entries: a minimal subset of `candidates` inconsistent with `base`. */
const quickXplain = (
  isConsistent: (assign: Int32Array) => boolean,
  base: Int32Array,
  candidates: readonly number[],
  values: Int32Array,
): number[] => {
  const withAll = (assign: Int32Array, vars: readonly number[]) => {
    const next = new Int32Array(assign);
    for (const x of vars) next[x] = values[x] ?? -1;
    return next;
  };
  const search = (background: Int32Array, hasDelta: boolean, set: readonly number[]): number[] => {
    if (hasDelta && !isConsistent(background)) return [];
    if (set.length === 1) return [...set];
    const half = Math.ceil(set.length / 2);
    const first = set.slice(0, half);
    const second = set.slice(half);
    const delta2 = search(withAll(background, first), first.length > 0, second);
    const delta1 = search(withAll(background, delta2), delta2.length > 0, first);
    return [...delta1, ...delta2];
  };
  if (candidates.length === 0 || !isConsistent(base) || isConsistent(withAll(base, candidates))) return [];
  return search(base, false, candidates);
};

/** Whether `assign` has a solution under only `tables` (true when the search budget runs out: not a proof). */
const isConsistentUnder = (problem: FiniteProblem, assign: Int32Array, tables: readonly number[]): boolean => {
  const propagator = restrict(
    problem,
    assign,
    tables.map((c) => problem.tables[c]).filter((table) => table !== undefined),
  );
  if (!propagator) return false;
  try {
    return findSolution(propagator, { nodes: 10_000 }) !== null;
  } catch (error) {
    if (error instanceof BudgetExceededError) return true;
    throw error;
  }
};

/**
 * The constraints behind a conflict: grows the set of tables outwards from the conflict's variables (tables
 * touching them, then their neighbours...) until it alone excludes the assignment, then minimises it with
 * QuickXplain. Searching a few nearby tables is far cheaper than the whole model, and conflicts are usually local.
 */
const conflictConstraints = (problem: FiniteProblem, assign: Int32Array): number[] => {
  const reached = new Set<number>();
  assign.forEach((v, x) => {
    if (v >= 0) reached.add(x);
  });
  let tables: number[] = [];
  for (let round = 0; round < problem.domains.length; round += 1) {
    tables = problem.tables.flatMap((table, c) => (Array.from(table.scope).some((x) => reached.has(x)) ? [c] : []));
    if (!isConsistentUnder(problem, assign, tables)) break;
    const size = reached.size;
    for (const c of tables) for (const x of problem.tables[c]?.scope ?? []) reached.add(x);
    if (reached.size === size) return tables;
  }
  const minimal: number[] = [];
  const search = (background: number[], hasDelta: boolean, set: number[]): number[] => {
    if (hasDelta && !isConsistentUnder(problem, assign, background)) return [];
    if (set.length === 1) return set;
    const half = Math.ceil(set.length / 2);
    const delta2 = search([...background, ...set.slice(0, half)], true, set.slice(half));
    const delta1 = search([...background, ...delta2], delta2.length > 0, set.slice(0, half));
    return [...delta1, ...delta2];
  };
  minimal.push(...(tables.length > 1 ? search([], false, tables) : tables));
  return minimal;
};

/**
 * Explains value `v` of variable `x` under the current assignment `assign` (the session's choices): a minimal
 * conflicting subset of the other choices, the constraints involved, and the fewest changes that enable it.
 */
export const explainValue = (
  compiled: CompiledModel,
  assign: Int32Array,
  choiceOrder: readonly number[],
  x: number,
  v: number,
): Explanation => {
  const { problem, reasoner } = compiled;
  const optionId = problem.optionIds[x] as OptionId;
  const value = problem.domains[x]?.[v] ?? '';
  const base = new Int32Array(assign.length).fill(-1);
  base[x] = v;
  const candidates = choiceOrder.filter((y) => y !== x && (assign[y] ?? -1) >= 0);
  const conflictVars = quickXplain((a) => reasoner.isFeasible(a), base, candidates, assign);
  const others = new Int32Array(assign);
  others[x] = v;
  const isEnabled = reasoner.isFeasible(others);
  const label = (y: number, w: number) => problem.domains[y]?.[w] ?? '';
  const conflict = conflictVars.map((y) => ({
    optionId: problem.optionIds[y] as OptionId,
    value: label(y, assign[y] ?? 0),
  }));
  const conflictAssign = new Int32Array(base);
  for (const y of conflictVars) conflictAssign[y] = assign[y] ?? -1;
  const constraints = isEnabled ? [] : conflictConstraints(problem, conflictAssign).map((c) => problem.tables[c]?.id);
  const nearest = isEnabled ? null : reasoner.nearest(assign, x, v);
  const changes = candidates
    .filter((y) => nearest && nearest[y] !== assign[y])
    .map((y) => ({
      optionId: problem.optionIds[y] as OptionId,
      from: label(y, assign[y] ?? 0),
      to: label(y, nearest?.[y] ?? 0),
    }));
  return {
    optionId,
    value,
    isEnabled,
    conflict,
    constraints: constraints.filter((id) => id !== undefined),
    canBeEnabled: isEnabled || nearest !== null,
    changes,
  };
};
