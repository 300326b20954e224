import type { ConstraintId, OptionId } from '../model/ids';
import type { FiniteProblem } from '../problem/problem';
import type { Reasoner } from '../reasoning/reasoner';
import { excludesAlone, RowPropagator } from '../reasoning/row-propagator';

/** One change proposed by an explanation: set `optionId` from its current choice `from` to `to`. */
export type ChoiceChange = { readonly optionId: OptionId; readonly from: string; readonly to: string };

/** Why a value is disabled, and the cheapest way to enable it. */
export type Explanation = {
  readonly optionId: OptionId;
  readonly value: string;
  readonly isEnabled: boolean;
  /** Smallest set of current choices that, with the constraints, exclude the value (removing any one enables it). */
  readonly conflict: readonly { optionId: OptionId; value: string }[];
  /**
   * Constraints that, with `conflict`, exclude the value on their own: one table when one suffices, else the
   * tables propagation needs (each of them needed when there are at most 8), else every table connected to it.
   */
  readonly constraints: readonly ConstraintId[];
  /** False when no valid configuration has the value at all (it is dead whatever the choices). */
  readonly canBeEnabled: boolean;
  /** Fewest choices to change so that the value becomes available, with suggested new values. */
  readonly changes: readonly ChoiceChange[];
};

/** One propagator per problem, reset to its pristine state after each use (building one copies every table). */
const propagators = new WeakMap<FiniteProblem, RowPropagator>();

const propagatorOf = (problem: FiniteProblem): RowPropagator => {
  let propagator = propagators.get(problem);
  if (!propagator) {
    propagator = new RowPropagator(problem);
    propagators.set(problem, propagator);
  }
  return propagator;
};

/**
 * Builds what explanations of `problem` need (the propagator, every table's row index and state) ahead of the
 * first explanation, which would otherwise pay for it. Called by the compiler.
 */
export const prepareExplanations = (problem: FiniteProblem): void => {
  propagatorOf(problem).prepare();
};

/** The culprits of the wipe-out when propagating `assign` over the `tables` alone, or null if none; resets. */
export const refutation = (
  propagator: RowPropagator,
  assign: Int32Array,
  tables: readonly number[],
): number[] | null => {
  const enabled = propagator.tableMarks;
  for (const c of tables) enabled[c] = 1;
  propagator.enabled = enabled;
  propagator.reset();
  // Every table reduced at least once, even with no choice over it: that is the fixpoint the culprits promise.
  const isConsistent = propagator.assignAll(assign) && propagator.propagate(tables);
  const culprits = isConsistent ? null : propagator.wipeOutCulprits();
  propagator.reset();
  propagator.enabled = null;
  for (const c of tables) enabled[c] = 0;
  return culprits;
};

/**
 * Propagates `assign` over the tables near it first, widening one neighbourhood at a time: far tables rarely
 * matter and the big ones are costly to reduce. Widening is incremental: the newly enabled tables are reduced
 * against the domains already pruned (pruning by a subset of the tables stays valid for a superset). Returns the
 * culprits of the wipe-out, or, when propagation cannot refute `assign`, null and every table connected to it.
 */
const propagationCulprits = (
  propagator: RowPropagator,
  assign: Int32Array,
): { culprits: number[] | null; connected: number[] } => {
  const { problem, tablesOf } = propagator;
  const near = propagator.tableMarks;
  const connected: number[] = [];
  const reached = propagator.varMarks;
  let frontier: number[] = [];
  assign.forEach((v, x) => {
    if (v >= 0) {
      reached[x] = 1;
      frontier.push(x);
    }
  });
  propagator.enabled = near;
  propagator.reset();
  let isWiped = false;
  let isAssigned = false;
  while (!isWiped) {
    const added: number[] = [];
    for (const x of frontier) {
      for (const c of tablesOf[x] ?? []) {
        if (near[c] === 0) {
          near[c] = 1;
          added.push(c);
        }
      }
    }
    if (added.length === 0) break;
    added.sort((a, b) => a - b);
    connected.push(...added);
    if (!isAssigned) {
      isAssigned = true;
      isWiped = !propagator.assignAll(assign);
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
  const culprits = isWiped ? propagator.wipeOutCulprits() : null;
  propagator.reset();
  propagator.enabled = null;
  for (const c of connected) near[c] = 0;
  reached.fill(0);
  return { culprits, connected };
};

/** Culprit sets up to this size are minimised by deletion (one propagation per member). */
const MINIMISED_UP_TO = 8;

/** Whether the `tables` link every option `assign` fixes to the others through the options they share. */
const connectsAll = (problem: FiniteProblem, assign: Int32Array, tables: readonly number[]): boolean => {
  const parent = new Int32Array(assign.length);
  for (let x = 0; x < parent.length; x += 1) parent[x] = x;
  const root = (x: number): number => {
    let r = x;
    while (parent[r] !== r) r = parent[r]!;
    return r;
  };
  for (const c of tables) {
    const scope = problem.tables[c]?.scope ?? [];
    for (let k = 1; k < scope.length; k += 1) parent[root(scope[k]!)] = root(scope[0]!);
  }
  let first = -1;
  for (let x = 0; x < assign.length; x += 1) {
    if ((assign[x] ?? -1) < 0) continue;
    if (first < 0) first = root(x);
    else if (root(x) !== first) return false;
  }
  return true;
};

/**
 * The constraints behind a minimal conflict (`assign`: the target value and the conflict's choices, every
 * proper subset of which has a configuration), uncached. One table that alone excludes it (an AND of row
 * bitsets per table over its options); else the tables propagation needs to refute it, minimised by deletion
 * when few; else (propagation is too weak to refute it) every table connected to its options: when the model
 * has a configuration (`hasConfiguration`), the other tables share no option with those and can all be
 * satisfied, so those exclude it on their own; when it has none, every table.
 */
export const conflictConstraints = (
  problem: FiniteProblem,
  assign: Int32Array,
  hasConfiguration: () => boolean,
): number[] => {
  const propagator = propagatorOf(problem);
  const touching = new Set<number>();
  assign.forEach((v, x) => {
    if (v >= 0) for (const c of propagator.tablesOf[x] ?? []) touching.add(c);
  });
  const single = [...touching].sort((a, b) => a - b).find((c) => excludesAlone(problem, c, assign));
  if (single !== undefined) return [single];
  const { culprits, connected } = propagationCulprits(propagator, assign);
  if (!culprits) return hasConfiguration() ? connected.sort((a, b) => a - b) : [...problem.tables.keys()];
  if (culprits.length > MINIMISED_UP_TO) return culprits;
  // Deletion: drop each table in turn if propagation still refutes without it; a refutation's own (smaller or
  // equal) culprit set replaces the current one, and a table kept once stays needed in every subset. Tables
  // that do not link all of the conflict's options cannot refute it (they would refute a part of a minimal
  // conflict, which has a configuration), so those tests are skipped; so are those left with one allowed table over
  // the conflict's options, which the scan above showed not to exclude it alone (propagating a single allowed
  // table wipes out exactly when no row of it holds the fixed values).
  let kept = culprits;
  for (const c of culprits) {
    if (!kept.includes(c)) continue;
    const others = kept.filter((d) => d !== c);
    const only = others.length === 1 ? others[0]! : -1;
    if (only >= 0 && problem.tables[only]?.isAllowed && touching.has(only)) continue;
    if (connectsAll(problem, assign, others)) kept = refutation(propagator, assign, others) ?? kept;
  }
  return kept;
};

/** Constraint sets already found, per problem and conflict (with the target value): least recently used first. */
const constraintCache = new WeakMap<FiniteProblem, Map<string, number[]>>();
const CACHE_SIZE = 4096;

/** {@link conflictConstraints} through the cache. */
const cachedConflictConstraints = (
  problem: FiniteProblem,
  assign: Int32Array,
  hasConfiguration: () => boolean,
): number[] => {
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
  const found = conflictConstraints(problem, assign, hasConfiguration);
  cache.set(key, found);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  return found;
};

/**
 * Explains value `v` of variable `x` under the current assignment `assign` (the session's choices): a minimal
 * conflicting subset of the other choices, the constraints involved, and the fewest changes that enable it.
 * `problem` and `reasoner` are those of the compiled model.
 */
export const explainValue = (
  { problem, reasoner }: { readonly problem: FiniteProblem; readonly reasoner: Reasoner },
  assign: Int32Array,
  choiceOrder: readonly number[],
  x: number,
  v: number,
): Explanation => {
  const { isEnabled, conflict: members, nearest } = reasoner.diagnose(assign, x, v, choiceOrder);
  const label = (y: number, w: number) => problem.domains[y]?.[w] ?? '';
  const candidates = choiceOrder.filter((y) => y !== x && (assign[y] ?? -1) >= 0);
  const conflictVars = candidates.filter((y) => members.includes(y));
  const conflictAssign = new Int32Array(assign.length).fill(-1);
  conflictAssign[x] = v;
  for (const y of conflictVars) conflictAssign[y] = assign[y] ?? -1;
  const hasConfiguration = () => nearest !== null || reasoner.isFeasible(new Int32Array(assign.length).fill(-1));
  const constraints = isEnabled
    ? []
    : cachedConflictConstraints(problem, conflictAssign, hasConfiguration).map((c) => problem.tables[c]?.id);
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
