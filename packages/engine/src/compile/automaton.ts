import type { FiniteTable } from '../problem/problem';
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
  /** Tuple indices sorted lexicographically by the permuted columns. */
  sorted: Int32Array;
  /** One scratch row per depth: recursion into depth + 1 never touches the row of depth. */
  scratch: Int32Array[];
};

/** LSD radix sort of the tuple indices by the columns in order (counting sort per column, last column first). */
const sortTuples = (table: FiniteTable, columns: Int32Array, domainSizes: Int32Array): Int32Array => {
  const arity = columns.length;
  let sorted = Int32Array.from({ length: table.tupleCount }, (_, t) => t);
  let buffer = new Int32Array(table.tupleCount);
  for (let depth = arity - 1; depth >= 0; depth -= 1) {
    const column = columns[depth]!;
    const size = domainSizes[table.scope[column]!]!;
    const starts = new Int32Array(size + 1);
    for (const t of sorted) starts[table.tuples[t * arity + column]! + 1]! += 1;
    for (let v = 0; v < size; v += 1) starts[v + 1]! += starts[v]!;
    for (const t of sorted) buffer[starts[table.tuples[t * arity + column]!]!++] = t;
    [sorted, buffer] = [buffer, sorted];
  }
  return sorted;
};

/** Builds the state for sorted tuples [from, to) at `depth`; returns SATISFIED, DEAD or `local id + 1`. */
const buildState = (builder: Builder, depth: number, from: number, to: number): number => {
  const { table, columns, sorted } = builder;
  const arity = columns.length;
  if (depth === arity) return table.isAllowed ? SATISFIED : DEAD;
  const column = columns[depth]!;
  const row = builder.scratch[depth]!;
  row.fill(table.isAllowed ? DEAD : SATISFIED);
  for (let start = from; start < to; ) {
    const value = table.tuples[sorted[start]! * arity + column]!;
    let end = start + 1;
    while (end < to && table.tuples[sorted[end]! * arity + column] === value) end += 1;
    row[value] = buildState(builder, depth + 1, start, end);
    start = end;
  }
  const first = row[0]!;
  let isUniform = first === DEAD || first === SATISFIED;
  for (let v = 1; v < row.length && isUniform; v += 1) if (row[v] !== first) isUniform = false;
  if (isUniform) return first;
  return builder.rows[depth]!.intern(row) + 1;
};

/** Compiles one table into its minimised automaton for the variable order given by `position` (var -> layer). */
export const buildAutomaton = (table: FiniteTable, position: Int32Array, domainSizes: Int32Array): TableAutomaton => {
  const arity = table.scope.length;
  const columns = Int32Array.from({ length: arity }, (_, k) => k).sort(
    (a, b) => (position[table.scope[a] ?? 0] ?? 0) - (position[table.scope[b] ?? 0] ?? 0),
  );
  const vars = columns.map((column) => table.scope[column] ?? 0);
  const rows = Array.from(vars, (x) => new VectorTable(domainSizes[x] ?? 0));
  const sorted = sortTuples(table, columns, domainSizes);
  const scratch = Array.from(vars, (x) => new Int32Array(domainSizes[x]!));
  const builder: Builder = { table, columns, domainSizes, rows, sorted, scratch };
  const top = buildState(builder, 0, 0, table.tupleCount);
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
