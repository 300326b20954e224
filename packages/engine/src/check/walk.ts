import { isEmptyMdd, type Mdd } from '../diagram/mdd';
import { BudgetExceededError } from '../model/errors';
import type { FiniteProblem, FiniteTable } from '../problem/problem';
import { findSolution, restrict } from '../reasoning/search';

/**
 * A complete configuration of the diagram agreeing with `assign` (entries -1 are free): a path found by marking the
 * nodes that reach the terminal under `assign` and walking down from the root; null when none agrees.
 */
export const completePath = (mdd: Mdd, assign: Int32Array, prefer?: (x: number) => number): Int32Array | null => {
  if (isEmptyMdd(mdd)) return null;
  const { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount } = mdd;
  const up = new Uint8Array(nodeCount);
  up[nodeCount - 1] = 1;
  for (let k = order.length - 1; k >= 0; k -= 1) {
    const wanted = assign[order[k] ?? 0] ?? -1;
    for (let node = layerStart[k] ?? 0; node < (layerStart[k + 1] ?? 0); node += 1) {
      for (let e = edgeStart[node] ?? 0; e < (edgeStart[node + 1] ?? 0); e += 1) {
        if ((wanted < 0 || edgeLabel[e] === wanted) && up[edgeChild[e] ?? 0]) {
          up[node] = 1;
          break;
        }
      }
    }
  }
  if (!up[0]) return null;
  const path = new Int32Array(order.length).fill(-1);
  let node = 0;
  for (let k = 0; k < order.length; k += 1) {
    const x = order[k] ?? 0;
    const wanted = assign[x] ?? -1;
    const liked = wanted >= 0 ? wanted : (prefer?.(x) ?? -1);
    let chosen = -1;
    for (let e = edgeStart[node] ?? 0; e < (edgeStart[node + 1] ?? 0); e += 1) {
      const label = edgeLabel[e] ?? 0;
      if ((wanted >= 0 && label !== wanted) || !up[edgeChild[e] ?? 0]) continue;
      if (chosen < 0 || label === liked) chosen = e;
      if (label === liked) break;
    }
    path[x] = edgeLabel[chosen] ?? 0;
    node = edgeChild[chosen] ?? 0;
  }
  return path;
};

/**
 * The configuration of the diagram with the smallest sum of `weight(x, v)` over its values (a shortest path, exact),
 * or null for the empty diagram.
 */
export const cheapestPath = (mdd: Mdd, weight: (x: number, v: number) => number): Int32Array | null => {
  if (isEmptyMdd(mdd)) return null;
  const { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount } = mdd;
  const cost = new Float64Array(nodeCount);
  const best = new Int32Array(nodeCount).fill(-1);
  for (let k = order.length - 1; k >= 0; k -= 1) {
    const x = order[k] ?? 0;
    for (let node = layerStart[k] ?? 0; node < (layerStart[k + 1] ?? 0); node += 1) {
      let min = Number.POSITIVE_INFINITY;
      for (let e = edgeStart[node] ?? 0; e < (edgeStart[node + 1] ?? 0); e += 1) {
        const c = weight(x, edgeLabel[e] ?? 0) + (cost[edgeChild[e] ?? 0] ?? 0);
        if (c < min) {
          min = c;
          best[node] = e;
        }
      }
      cost[node] = min;
    }
  }
  const path = new Int32Array(order.length);
  let node = 0;
  for (let k = 0; k < order.length; k += 1) {
    const e = best[node] ?? 0;
    path[order[k] ?? 0] = edgeLabel[e] ?? 0;
    node = edgeChild[e] ?? 0;
  }
  return path;
};

/** Search nodes one satisfiability question of the check may spend. */
const SEARCH_NODES = 50_000;

/** The negation of a table: the same tuples with the opposite semantics (duplicates dropped, as forbidden needs). */
export const negatedTable = (table: FiniteTable): FiniteTable => {
  const arity = table.scope.length;
  const seen = new Set<string>();
  const rows: number[] = [];
  for (let t = 0; t < table.tupleCount; t += 1) {
    const row = Array.from(table.tuples.subarray(t * arity, (t + 1) * arity));
    const key = row.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(...row);
  }
  return { ...table, isAllowed: !table.isAllowed, tuples: Int32Array.from(rows), tupleCount: seen.size };
};

/**
 * Solves the problem with only `tables`, restricted to `assign`, by exhaustive search (propagation at every node): a
 * solution, `null` when there is provably none, or `'unknown'` when the node budget ran out.
 */
export const solve = (
  problem: FiniteProblem,
  tables: readonly FiniteTable[],
  assign: Int32Array,
  nodes = SEARCH_NODES,
): Int32Array | null | 'unknown' => {
  const propagator = restrict({ ...problem, tables }, assign);
  if (!propagator) return null;
  try {
    return findSolution(propagator, { nodes });
  } catch (error) {
    if (error instanceof BudgetExceededError) return 'unknown';
    throw error;
  }
};

/**
 * A smallest-by-deletion set of constraint ids (table ids) that, with `assign`, has no solution: each id is dropped
 * when the rest is still unsatisfiable. `isMinimal` is false when a search ran out of budget (the id was kept).
 */
export const deletionCore = (
  problem: FiniteProblem,
  ids: readonly string[],
  assign: Int32Array,
): { ids: string[]; isMinimal: boolean } => {
  let kept = [...ids];
  let isMinimal = true;
  const isUnsat = (trial: readonly string[]) => {
    const answer = solve(
      problem,
      problem.tables.filter((table) => trial.includes(table.id)),
      assign,
    );
    if (answer === 'unknown') isMinimal = false;
    return answer === null;
  };
  // Chunks first, halving: most constraints play no part, and dropping them in bulk saves most of the searches.
  for (let size = Math.max(1, Math.floor(kept.length / 2)); ; size = Math.max(1, Math.floor(size / 2))) {
    for (let start = 0; start < kept.length; ) {
      const chunk = kept.slice(start, start + size);
      const trial = kept.filter((id) => !chunk.includes(id));
      if (isUnsat(trial)) kept = trial;
      else start += size;
    }
    if (size === 1) break;
  }
  return { ids: kept, isMinimal };
};

/** Whether a table alone excludes every combination of its scope. */
export const isTableEmpty = (problem: FiniteProblem, table: FiniteTable): boolean => {
  if (table.isAllowed) return table.tupleCount === 0;
  const space = Array.from(table.scope).reduce((size, x) => size * (problem.domains[x]?.length ?? 0), 1);
  return negatedTable(table).tupleCount >= space;
};

/** Membership of a configuration in every table, by hashed rows: checks a candidate against the constraints. */
export class TableIndex {
  private readonly rows: Set<string>[];
  constructor(private readonly problem: FiniteProblem) {
    this.rows = problem.tables.map((table) => {
      const arity = table.scope.length;
      const rows = new Set<string>();
      for (let t = 0; t < table.tupleCount; t += 1)
        rows.add(table.tuples.subarray(t * arity, (t + 1) * arity).join(','));
      return rows;
    });
  }

  /** Whether table `t` accepts the configuration. */
  accepts(t: number, configuration: Int32Array): boolean {
    const table = this.problem.tables[t];
    if (!table) return true;
    const key = Array.from(table.scope, (x) => configuration[x] ?? -1).join(',');
    return this.rows[t]?.has(key) === table.isAllowed;
  }
}

/**
 * Looks for a configuration that every table but those with id `id` accepts and one of those rejects, near the
 * diagram: for combinations of the scope that the table rejects, the valid configuration closest to them (a shortest
 * path) with the scope set to them. A found one proves the table is not redundant; none found proves nothing.
 */
export const nearWitness = (
  problem: FiniteProblem,
  mdd: Mdd,
  index: TableIndex,
  t: number,
  tries: number,
): Int32Array | null => {
  const table = problem.tables[t];
  if (!table) return null;
  const arity = table.scope.length;
  const rejected: Int32Array[] = [];
  if (!table.isAllowed) {
    for (let r = 0; r < table.tupleCount && rejected.length < tries; r += 1) {
      rejected.push(table.tuples.slice(r * arity, (r + 1) * arity));
    }
  } else {
    const combo = new Int32Array(arity);
    const probe = new Int32Array(problem.optionIds.length);
    const walk = (k: number): void => {
      if (rejected.length >= tries) return;
      if (k === arity) {
        combo.forEach((v, i) => {
          probe[table.scope[i] ?? 0] = v;
        });
        if (!index.accepts(t, probe)) rejected.push(Int32Array.from(combo));
        return;
      }
      for (let v = 0; v < (problem.domains[table.scope[k] ?? 0]?.length ?? 0); v += 1) {
        combo[k] = v;
        walk(k + 1);
      }
    };
    walk(0);
  }
  for (const tuple of rejected) {
    const wanted = new Int32Array(problem.optionIds.length).fill(-1);
    tuple.forEach((v, i) => {
      wanted[table.scope[i] ?? 0] = v;
    });
    const path = cheapestPath(mdd, (x, v) => ((wanted[x] ?? -1) >= 0 && wanted[x] !== v ? 1 : 0));
    if (!path) return null;
    tuple.forEach((v, i) => {
      path[table.scope[i] ?? 0] = v;
    });
    const isWitness = problem.tables.every((other, o) => (other.id === table.id ? true : index.accepts(o, path)));
    if (isWitness) return path;
  }
  return null;
};

/** Most combinations of a scope {@link impliedBySameScope} enumerates to read a forbidden table's allowed rows. */
const MAX_SCOPE_SPACE = 200_000;

/** The rows a table allows, as keys over its scope sorted by variable; null when there are too many to list. */
const allowedRows = (problem: FiniteProblem, table: FiniteTable): Set<string> | null => {
  const arity = table.scope.length;
  const positions = Array.from(table.scope.keys()).sort((a, b) => (table.scope[a] ?? 0) - (table.scope[b] ?? 0));
  const keyOf = (row: ArrayLike<number>) => positions.map((i) => row[i]).join(',');
  const listed = new Set<string>();
  for (let t = 0; t < table.tupleCount; t += 1) listed.add(keyOf(table.tuples.subarray(t * arity, (t + 1) * arity)));
  if (table.isAllowed) return listed;
  const sizes = Array.from(table.scope, (x) => problem.domains[x]?.length ?? 0);
  if (sizes.reduce((a, b) => a * b, 1) > MAX_SCOPE_SPACE) return null;
  const rows = new Set<string>();
  const row = new Int32Array(arity);
  const walk = (k: number): void => {
    if (k === arity) {
      const key = keyOf(row);
      if (!listed.has(key)) rows.add(key);
      return;
    }
    for (let v = 0; v < (sizes[k] ?? 0); v += 1) {
      row[k] = v;
      walk(k + 1);
    }
  };
  walk(0);
  return rows;
};

/**
 * For each table, the id of another table over the same options that allows no more than it does (so implies it:
 * a proof of redundancy without search), or undefined.
 */
export const impliedBySameScope = (problem: FiniteProblem): (string | undefined)[] => {
  const byScope = new Map<string, number[]>();
  problem.tables.forEach((table, t) => {
    const key = Array.from(table.scope)
      .sort((a, b) => a - b)
      .join(',');
    byScope.set(key, [...(byScope.get(key) ?? []), t]);
  });
  const implied: (string | undefined)[] = problem.tables.map(() => undefined);
  for (const members of byScope.values()) {
    if (members.length < 2) continue;
    const rows = members.map((t) => allowedRows(problem, problem.tables[t] as FiniteTable));
    members.forEach((t, i) => {
      const mine = rows[i];
      if (!mine) return;
      members.forEach((other, j) => {
        const theirs = rows[j];
        const otherTable = problem.tables[other];
        if (j === i || !theirs || !otherTable || otherTable.id === problem.tables[t]?.id || implied[t]) return;
        if ([...theirs].every((key) => mine.has(key))) implied[t] = otherTable.id;
      });
    });
  }
  return implied;
};
