import { BudgetExceededError } from '../model/errors';
import type { FiniteProblem } from '../problem/problem';
import { Propagator } from './propagator';

/** Node budget of one search query. */
export type SearchBudget = { nodes: number };

/** Picks the unfixed variable with the smallest domain (ties: lowest index); -1 when all are fixed. */
const pickVariable = (propagator: Propagator): number => {
  let best = -1;
  let bestSize = Number.POSITIVE_INFINITY;
  propagator.sizes.forEach((size, x) => {
    if (size > 1 && size < bestSize) {
      best = x;
      bestSize = size;
    }
  });
  return best;
};

const spend = (budget: SearchBudget, what: string) => {
  budget.nodes -= 1;
  if (budget.nodes < 0) throw new BudgetExceededError(what);
};

/** Reads the (all singleton) domains as a configuration. */
const snapshot = (propagator: Propagator): Int32Array =>
  Int32Array.from(propagator.problem.domains, (domain, x) => {
    for (let v = 0; v < domain.length; v += 1) if (propagator.isAlive(x, v)) return v;
    return -1;
  });

/** A fresh propagator restricted to `assign` (entries -1 are free), or null if propagation fails. */
export const restrict = (problem: FiniteProblem, assign: Int32Array): Propagator | null => {
  const propagator = new Propagator(problem);
  for (let x = 0; x < assign.length; x += 1) {
    const v = assign[x] ?? -1;
    if (v >= 0 && !propagator.assign(x, v)) return null;
  }
  return propagator.propagate() ? propagator : null;
};

/** Depth-first search for one solution below the propagator's current state (GAC at every node). */
export const findSolution = (propagator: Propagator, budget: SearchBudget): Int32Array | null => {
  spend(budget, 'a solution');
  const x = pickVariable(propagator);
  if (x < 0) return snapshot(propagator);
  const size = propagator.problem.domains[x]?.length ?? 0;
  for (let v = 0; v < size; v += 1) {
    if (!propagator.isAlive(x, v)) continue;
    const mark = propagator.mark();
    const found = propagator.assign(x, v) ? findSolution(propagator, budget) : null;
    propagator.undo(mark);
    if (found) return found;
  }
  return null;
};

/** Counts the solutions below the propagator's current state. */
export const countSolutions = (propagator: Propagator, budget: SearchBudget): bigint => {
  spend(budget, 'a count');
  const x = pickVariable(propagator);
  if (x < 0) return 1n;
  let total = 0n;
  const size = propagator.problem.domains[x]?.length ?? 0;
  for (let v = 0; v < size; v += 1) {
    if (!propagator.isAlive(x, v)) continue;
    const mark = propagator.mark();
    if (propagator.assign(x, v)) total += countSolutions(propagator, budget);
    propagator.undo(mark);
  }
  return total;
};

/** Number of assigned variables whose assigned value is no longer possible: a lower bound on changes. */
const lostChoices = (propagator: Propagator, assign: Int32Array): number => {
  let lost = 0;
  assign.forEach((v, x) => {
    if (v >= 0 && !propagator.isAlive(x, v)) lost += 1;
  });
  return lost;
};

/** Branch and bound for the solution that keeps the most of `assign`; `best.cost` bounds the search. */
export const nearestSolution = (
  propagator: Propagator,
  assign: Int32Array,
  budget: SearchBudget,
  best: { cost: number; solution: Int32Array | null },
): void => {
  spend(budget, 'the fewest changes');
  if (lostChoices(propagator, assign) >= best.cost) return;
  const x = pickVariable(propagator);
  if (x < 0) {
    best.cost = lostChoices(propagator, assign);
    best.solution = snapshot(propagator);
    return;
  }
  const size = propagator.problem.domains[x]?.length ?? 0;
  const preferred = assign[x] ?? -1;
  const values = [preferred, ...Array.from({ length: size }, (_, v) => v).filter((v) => v !== preferred)];
  for (const v of values) {
    if (v < 0 || !propagator.isAlive(x, v)) continue;
    const mark = propagator.mark();
    if (propagator.assign(x, v)) nearestSolution(propagator, assign, budget, best);
    propagator.undo(mark);
  }
};
