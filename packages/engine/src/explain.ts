import type { CompiledModel } from './compile';
import { BudgetExceededError } from './errors';
import { excludesAlone, RowPropagator } from './explain-tables';
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

/** Whether `assign` has a solution under only `tables` (true when the search budget runs out: not a proof). */
const isConsistentUnder = (problem: FiniteProblem, assign: Int32Array, tables: readonly number[]): boolean => {
  const subset = tables.map((c) => problem.tables[c]).filter((table) => table !== undefined);
  const propagator = restrict(problem, assign, subset);
  if (!propagator) return false;
  try {
    return findSolution(propagator, { nodes: 10_000 }) !== null;
  } catch (error) {
    if (error instanceof BudgetExceededError) return true;
    throw error;
  }
};

/** The tables over each variable, in table order (built once per problem). */
const tablesByVar = (problem: FiniteProblem): readonly (readonly number[])[] => {
  let byVar = tablesByVarCache.get(problem);
  if (!byVar) {
    const lists: number[][] = problem.domains.map(() => []);
    problem.tables.forEach((table, c) => {
      for (const x of table.scope) lists[x]?.push(c);
    });
    byVar = lists;
    tablesByVarCache.set(problem, byVar);
  }
  return byVar;
};
const tablesByVarCache = new WeakMap<FiniteProblem, readonly (readonly number[])[]>();

/** One propagator per problem, reset to its pristine state after each use (building one copies every table). */
const propagators = new WeakMap<FiniteProblem, RowPropagator>();

/** Whether propagation alone (no search) wipes out `assign` using only the `enabled` tables; resets afterwards. */
const wipesOut = (propagator: RowPropagator, assign: Int32Array, enabled: Uint8Array | null): boolean => {
  propagator.enabled = enabled;
  propagator.reset();
  let isConsistent = true;
  for (let x = 0; x < assign.length && isConsistent; x += 1) {
    const v = assign[x] ?? -1;
    if (v >= 0) isConsistent = propagator.assign(x, v);
  }
  propagator.reset();
  propagator.enabled = null;
  return !isConsistent;
};

/**
 * Constraints behind a conflict found by propagation: the tables that pruned something on the way to the
 * wipe-out are a sound set (the same pruning happens with them alone); a deletion pass then minimises small sets.
 */
const propagationCulprits = (problem: FiniteProblem, assign: Int32Array): number[] | null => {
  let propagator = propagators.get(problem);
  if (!propagator) {
    propagator = new RowPropagator(problem);
    propagators.set(problem, propagator);
  }
  // Propagate over the tables near the conflict first, widening one neighbourhood at a time: far tables
  // rarely matter and the big ones are costly to reduce. Widening is incremental: the newly enabled tables are
  // reduced against the domains already pruned (pruning by a subset of the tables stays valid for a superset).
  const near = new Uint8Array(problem.tables.length);
  const reached = new Uint8Array(assign.length);
  assign.forEach((v, x) => {
    reached[x] = v >= 0 ? 1 : 0;
  });
  propagator.enabled = near;
  propagator.reset();
  let isWiped = false;
  let isAssigned = false;
  const byVar = tablesByVar(problem);
  let frontier: number[] = [];
  assign.forEach((v, x) => {
    if (v >= 0) frontier.push(x);
  });
  for (let round = 0; round <= assign.length && !isWiped; round += 1) {
    const added: number[] = [];
    for (const x of frontier) {
      for (const c of byVar[x] ?? []) {
        if (near[c] === 0) {
          near[c] = 1;
          added.push(c);
        }
      }
    }
    if (added.length === 0) break;
    added.sort((a, b) => a - b);
    if (!isAssigned) {
      isAssigned = true;
      for (let x = 0; x < assign.length && !isWiped; x += 1) {
        const v = assign[x] ?? -1;
        if (v >= 0) isWiped = !propagator.assign(x, v);
      }
    } else isWiped = !propagator.propagate(added);
    frontier = [];
    for (const c of added) {
      for (const x of problem.tables[c]?.scope ?? []) {
        if (reached[x] === 0) {
          reached[x] = 1;
          frontier.push(x);
        }
      }
    }
  }
  const culprits = [...propagator.culprits].sort((a, b) => a - b);
  propagator.reset();
  propagator.enabled = null;
  if (!isWiped) return null;
  if (culprits.length > 8) return culprits;
  const enabled = new Uint8Array(problem.tables.length);
  for (const c of culprits) enabled[c] = 1;
  for (const c of culprits) {
    enabled[c] = 0;
    if (!wipesOut(propagator, assign, enabled)) enabled[c] = 1;
  }
  return culprits.filter((c) => enabled[c] === 1);
};

/**
 * The constraints behind a conflict: one table that alone excludes it (scan), else the culprits of propagation,
 * else (propagation too weak) the set of tables grown outwards from the conflict's options until search shows it
 * alone is infeasible.
 */
const conflictConstraints = (problem: FiniteProblem, assign: Int32Array): number[] => {
  let cache = constraintCache.get(problem);
  if (!cache) {
    cache = new Map();
    constraintCache.set(problem, cache);
  }
  const key = assign.join(',');
  const known = cache.get(key);
  if (known) {
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const found = computeConflictConstraints(problem, assign);
  cache.set(key, found);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  return found;
};

/** Constraint sets already found, per problem and conflict (with the target value): least recently used first. */
const constraintCache = new WeakMap<FiniteProblem, Map<string, number[]>>();
const CACHE_SIZE = 4096;

const computeConflictConstraints = (problem: FiniteProblem, assign: Int32Array): number[] => {
  const reached = new Set<number>();
  assign.forEach((v, x) => {
    if (v >= 0) reached.add(x);
  });
  const byVar = tablesByVar(problem);
  const touching = [...new Set([...reached].flatMap((x) => byVar[x] ?? []))].sort((a, b) => a - b);
  const single = touching.find((c) => excludesAlone(problem, c, assign));
  if (single !== undefined) return [single];
  const culprits = propagationCulprits(problem, assign);
  if (culprits) return culprits;
  let tables: number[] = [];
  for (let round = 0; round < problem.domains.length; round += 1) {
    tables = problem.tables.flatMap((table, c) => (Array.from(table.scope).some((x) => reached.has(x)) ? [c] : []));
    if (!isConsistentUnder(problem, assign, tables)) break;
    const size = reached.size;
    for (const c of tables) for (const x of problem.tables[c]?.scope ?? []) reached.add(x);
    if (reached.size === size) break;
  }
  return tables;
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
  const { isEnabled, conflict: members, nearest } = reasoner.diagnose(assign, x, v, choiceOrder);
  const label = (y: number, w: number) => problem.domains[y]?.[w] ?? '';
  const candidates = choiceOrder.filter((y) => y !== x && (assign[y] ?? -1) >= 0);
  const conflictVars = candidates.filter((y) => members.includes(y));
  const conflictAssign = new Int32Array(assign.length).fill(-1);
  conflictAssign[x] = v;
  for (const y of conflictVars) conflictAssign[y] = assign[y] ?? -1;
  const constraints = isEnabled ? [] : conflictConstraints(problem, conflictAssign).map((c) => problem.tables[c]?.id);
  return {
    optionId: problem.optionIds[x] as OptionId,
    value: label(x, v),
    isEnabled,
    conflict: conflictVars.map((y) => ({
      optionId: problem.optionIds[y] as OptionId,
      value: label(y, assign[y] ?? 0),
    })),
    constraints: constraints.filter((id) => id !== undefined),
    canBeEnabled: isEnabled || nearest !== null,
    changes: candidates
      .filter((y) => nearest && nearest[y] !== assign[y])
      .map((y) => ({
        optionId: problem.optionIds[y] as OptionId,
        from: label(y, assign[y] ?? 0),
        to: label(y, nearest?.[y] ?? 0),
      })),
  };
};
