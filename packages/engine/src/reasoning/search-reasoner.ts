import { BudgetExceededError } from '../model/errors';
import type { FiniteProblem } from '../problem/problem';
import { Propagator } from './propagator';
import type { Diagnosis, Reasoner } from './reasoner';
import { countSolutions, findSolution, nearestSolution, restrict, type SearchBudget } from './search';

/**
 * Fallback reasoner for models whose diagram did not fit the compile budget: propagation plus backtracking search,
 * with `nodeBudget` search nodes per query. Answers are exact while the budget lasts; when it runs out, `supports`
 * keeps the value enabled (never hides a possible value), and `count`/`diagnose` throw {@link BudgetExceededError}.
 */
export class SearchReasoner implements Reasoner {
  readonly guarantee = 'incomplete' as const;
  private readonly problem: FiniteProblem;
  private readonly nodeBudget: number;
  private propagator: Propagator | null = null;

  constructor(problem: FiniteProblem, nodeBudget: number) {
    this.problem = problem;
    this.nodeBudget = nodeBudget;
  }

  isFeasible(assign: Int32Array): boolean {
    const propagator = restrict(this.problem, assign);
    if (!propagator) return false;
    try {
      return findSolution(propagator, { nodes: this.nodeBudget }) !== null;
    } catch (error) {
      if (error instanceof BudgetExceededError) return true;
      throw error;
    }
  }

  supports(assign: Int32Array, out: Uint8Array): void {
    out.fill(0);
    const budget = { nodes: this.nodeBudget };
    const propagator = this.pristine();
    // Free variables share one restriction to all the choices; each chosen one is probed without its own choice.
    const chosen = Array.from(assign.keys()).filter((x) => (assign[x] ?? -1) >= 0);
    this.probeAll(propagator, assign, -1, budget, out);
    for (const x of chosen) this.probeAll(propagator, assign, x, budget, out);
  }

  /** The shared propagator, reset to no restriction (building one copies every table, so it is reused). */
  private pristine(): Propagator {
    this.propagator ??= new Propagator(this.problem);
    this.propagator.undo(0);
    return this.propagator;
  }

  /**
   * Restricts to `assign` without `skip`'s choice, then probes every value of `skip` (or of every free variable
   * when `skip` is -1). A solution found under the full assignment supports all the values it takes.
   */
  private probeAll(propagator: Propagator, assign: Int32Array, skip: number, budget: SearchBudget, out: Uint8Array) {
    const { domains, valueOffset } = this.problem;
    propagator.undo(0);
    let isConsistent = true;
    assign.forEach((v, y) => {
      if (isConsistent && v >= 0 && y !== skip) isConsistent = propagator.assign(y, v);
    });
    if (!isConsistent || !propagator.propagate()) return;
    const vars = skip >= 0 ? [skip] : Array.from(assign.keys()).filter((x) => (assign[x] ?? -1) < 0);
    for (const x of vars) {
      for (let v = 0; v < (domains[x]?.length ?? 0); v += 1) {
        const index = (valueOffset[x] ?? 0) + v;
        if (out[index] === 1 || !propagator.isAlive(x, v)) continue;
        const mark = propagator.mark();
        const solution = propagator.assign(x, v) ? this.solve(propagator, budget) : null;
        propagator.undo(mark);
        if (solution === 'unknown') out[index] = 1;
        else if (solution) {
          const agrees = skip < 0 || assign[skip] === v;
          solution.forEach((w, y) => {
            if (agrees || y === x) out[(valueOffset[y] ?? 0) + w] = 1;
          });
        }
      }
    }
  }

  /** A solution below the current state, null if none, 'unknown' when the budget ran out. */
  private solve(propagator: Propagator, budget: SearchBudget): Int32Array | null | 'unknown' {
    try {
      return findSolution(propagator, budget);
    } catch (error) {
      if (error instanceof BudgetExceededError) return 'unknown';
      throw error;
    }
  }

  count(assign: Int32Array): bigint {
    const propagator = restrict(this.problem, assign);
    return propagator ? countSolutions(propagator, { nodes: this.nodeBudget }) : 0n;
  }

  /** The minimal conflict by QuickXplain over the choices in their order, the fewest changes by branch and bound. */
  diagnose(assign: Int32Array, x: number, v: number, choiceOrder: readonly number[]): Diagnosis {
    const others = new Int32Array(assign);
    others[x] = v;
    if (this.isFeasible(others)) return { isEnabled: true, conflict: [], nearest: null };
    const base = new Int32Array(assign.length).fill(-1);
    base[x] = v;
    const candidates = choiceOrder.filter((y) => y !== x && (assign[y] ?? -1) >= 0);
    const conflict = quickXplain((a) => this.isFeasible(a), base, candidates, assign);
    return { isEnabled: false, conflict, nearest: this.nearest(assign, x, v) };
  }

  /** A valid configuration with `x = v` differing from `assign` on the fewest other chosen variables, or null. */
  private nearest(assign: Int32Array, x: number, v: number): Int32Array | null {
    const propagator = restrict(this.problem, new Int32Array(assign.length).fill(-1));
    if (!propagator?.assign(x, v)) return null;
    const best = { cost: Number.POSITIVE_INFINITY, solution: null as Int32Array | null };
    const others = new Int32Array(assign);
    others[x] = -1;
    nearestSolution(propagator, others, { nodes: this.nodeBudget }, best);
    return best.solution;
  }
}

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
