import { BudgetExceededError } from './errors';
import type { FiniteProblem } from './problem';
import type { Reasoner } from './reasoner';
import { countSolutions, findSolution, nearestSolution, restrict } from './search';

/**
 * Fallback reasoner for models whose diagram did not fit the compile budget: propagation plus backtracking search,
 * with `nodeBudget` search nodes per query. Answers are exact while the budget lasts; when it runs out, `supports`
 * keeps the value enabled (never hides a possible value), and `count`/`nearest` throw {@link BudgetExceededError}.
 */
export class SearchReasoner implements Reasoner {
  readonly guarantee = 'incomplete' as const;
  private readonly problem: FiniteProblem;
  private readonly nodeBudget: number;

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
    const { domains, valueOffset } = this.problem;
    const budget = { nodes: this.nodeBudget };
    const probe = new Int32Array(assign);
    for (let x = 0; x < domains.length; x += 1) {
      probe.set(assign);
      for (let v = 0; v < (domains[x]?.length ?? 0); v += 1) {
        const index = (valueOffset[x] ?? 0) + v;
        if (out[index] === 1) continue;
        probe[x] = v;
        const agrees = (assign[x] ?? -1) < 0 || assign[x] === v;
        out[index] = this.probe(probe, budget, agrees ? -1 : x, out) ? 1 : 0;
      }
    }
  }

  /**
   * Whether `probe` extends to a solution. When `only` is -1 the probe agrees with the assignment, so the solution
   * supports every value it takes; otherwise it only supports the probed value of `only`.
   */
  private probe(probe: Int32Array, budget: { nodes: number }, only: number, out: Uint8Array): boolean {
    const propagator = restrict(this.problem, probe);
    if (!propagator) return false;
    try {
      const solution = findSolution(propagator, budget);
      if (!solution) return false;
      solution.forEach((v, y) => {
        if (only < 0 || y === only) out[(this.problem.valueOffset[y] ?? 0) + v] = 1;
      });
      return true;
    } catch (error) {
      if (error instanceof BudgetExceededError) return true;
      throw error;
    }
  }

  count(assign: Int32Array): bigint {
    const propagator = restrict(this.problem, assign);
    return propagator ? countSolutions(propagator, { nodes: this.nodeBudget }) : 0n;
  }

  nearest(assign: Int32Array, x: number, v: number): Int32Array | null {
    const propagator = restrict(this.problem, new Int32Array(assign.length).fill(-1));
    if (!propagator?.assign(x, v)) return null;
    const best = { cost: Number.POSITIVE_INFINITY, solution: null as Int32Array | null };
    const others = new Int32Array(assign);
    others[x] = -1;
    nearestSolution(propagator, others, { nodes: this.nodeBudget }, best);
    return best.solution;
  }
}
