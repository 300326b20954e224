import type { FiniteTable } from './problem';
import { VectorTable } from './vector-table';

/** Automaton state of a table that no longer restricts anything (all its variables passed, or no tuple left). */
export const SATISFIED = 0;
/** Automaton "state" of a table that can no longer be satisfied. */
export const DEAD = -1;

/**
 * A table as a minimised layered automaton over its scope, read in the global variable order. A state at depth
 * `j` has one row entry per value of the `j`-th scope variable: the next state, {@link SATISFIED} or {@link DEAD}.
 * Two prefixes reach the same state exactly when they leave the same set of tuple suffixes, so compile-time node
 * merging on automaton states is merging on the constraint's "relevant state".
 */
export type TableAutomaton = {
  /** Scope variables sorted by position in the global order. */
  readonly vars: Int32Array;
  readonly root: number;
  readonly rowStart: Int32Array;
  readonly next: Int32Array;
  /** Number of states at each depth (a measure used by the ordering heuristics). */
  readonly statesAtDepth: Int32Array;
};

type Builder = {
  table: FiniteTable;
  columns: Int32Array;
  domainSizes: Int32Array;
  rows: VectorTable[];
};

/** Builds the state for the tuples `indices` at `depth`; returns SATISFIED, DEAD or `local id + 1` at `depth`. */
const buildState = (builder: Builder, depth: number, indices: Int32Array): number => {
  const { table, columns } = builder;
  const arity = columns.length;
  if (depth === arity) return table.isAllowed ? SATISFIED : DEAD;
  const column = columns[depth] ?? 0;
  const size = builder.domainSizes[table.scope[column] ?? 0] ?? 0;
  const counts = new Int32Array(size + 1);
  for (const t of indices) {
    const v = (table.tuples[t * arity + column] ?? 0) + 1;
    counts[v] = (counts[v] ?? 0) + 1;
  }
  for (let v = 0; v < size; v += 1) counts[v + 1] = (counts[v + 1] ?? 0) + (counts[v] ?? 0);
  const sorted = new Int32Array(indices.length);
  const fill = counts.slice();
  for (const t of indices) {
    const v = table.tuples[t * arity + column] ?? 0;
    sorted[fill[v] ?? 0] = t;
    fill[v] = (fill[v] ?? 0) + 1;
  }
  const row = new Int32Array(size).fill(table.isAllowed ? DEAD : SATISFIED);
  for (let v = 0; v < size; v += 1) {
    const from = counts[v] ?? 0;
    const to = counts[v + 1] ?? 0;
    if (to > from) row[v] = buildState(builder, depth + 1, sorted.subarray(from, to));
  }
  const first = row[0] ?? DEAD;
  if ((first === DEAD || first === SATISFIED) && row.every((entry) => entry === first)) return first;
  const rows = builder.rows[depth];
  if (!rows) throw new Error('automaton depth out of range');
  return rows.intern(row) + 1;
};

/** Compiles one table into its minimised automaton for the variable order given by `position` (var -> layer). */
export const buildAutomaton = (table: FiniteTable, position: Int32Array, domainSizes: Int32Array): TableAutomaton => {
  const arity = table.scope.length;
  const columns = Int32Array.from({ length: arity }, (_, k) => k).sort(
    (a, b) => (position[table.scope[a] ?? 0] ?? 0) - (position[table.scope[b] ?? 0] ?? 0),
  );
  const vars = columns.map((column) => table.scope[column] ?? 0);
  const rows = Array.from(vars, (x) => new VectorTable(domainSizes[x] ?? 0));
  const builder: Builder = { table, columns, domainSizes, rows };
  const all = Int32Array.from({ length: table.tupleCount }, (_, t) => t);
  const top = buildState(builder, 0, all);
  const base = new Int32Array(arity + 1);
  base[0] = 1;
  rows.forEach((depthRows, depth) => {
    base[depth + 1] = (base[depth] ?? 0) + depthRows.count;
  });
  const stateCount = base[arity] ?? 1;
  const rowStart = new Int32Array(stateCount + 1);
  let total = 0;
  rows.forEach((depthRows, depth) => {
    for (let local = 0; local < depthRows.count; local += 1) {
      rowStart[(base[depth] ?? 0) + local] = total;
      total += depthRows.width;
    }
  });
  rowStart[stateCount] = total;
  const next = new Int32Array(total);
  rows.forEach((depthRows, depth) => {
    for (let local = 0; local < depthRows.count; local += 1) {
      const offset = rowStart[(base[depth] ?? 0) + local] ?? 0;
      depthRows.vector(local).forEach((entry, v) => {
        next[offset + v] = entry > 0 ? (base[depth + 1] ?? 0) + entry - 1 : entry;
      });
    }
  });
  const root = top > 0 ? 1 : top;
  const statesAtDepth = Int32Array.from(rows, (depthRows) => depthRows.count);
  return { vars, root, rowStart, next, statesAtDepth };
};
