import type { FiniteProblem, FiniteTable } from '../problem/problem';

/**
 * Rows of one table per (column, value) as bitsets: `masks[k][v * words + w]` is word `w` of the rows whose
 * column `k` holds value `v`. Built for every table of the problem at once, when an explanation first needs one
 * ({@link tableIndex}).
 */
export type TableIndex = {
  readonly table: FiniteTable;
  /** Words per row bitset (32 rows a word). */
  readonly words: number;
  readonly masks: readonly Uint32Array[];
  /** Value offset of every column's option (`problem.valueOffset[scope[k]]`). */
  readonly offsets: Int32Array;
  /** Offset of column `k`'s first value in per-(column, value) arrays of this table. */
  readonly columnStart: Int32Array;
};

const indexes = new WeakMap<FiniteProblem, readonly TableIndex[]>();

const buildIndex = (problem: FiniteProblem, table: FiniteTable): TableIndex => {
  const arity = table.scope.length;
  const words = Math.max(1, Math.ceil(table.tupleCount / 32));
  const masks = Array.from(table.scope, (x) => new Uint32Array((problem.domains[x]?.length ?? 0) * words));
  const { tuples } = table;
  for (let t = 0; t < table.tupleCount; t += 1) {
    const word = t >>> 5;
    const bit = 1 << (t & 31);
    for (let k = 0; k < arity; k += 1) {
      const mask = masks[k]!;
      mask[tuples[t * arity + k]! * words + word]! |= bit;
    }
  }
  const offsets = Int32Array.from(table.scope, (x) => problem.valueOffset[x] ?? 0);
  const columnStart = new Int32Array(arity + 1);
  for (let k = 0; k < arity; k += 1) {
    columnStart[k + 1] = columnStart[k]! + (problem.domains[table.scope[k]!]?.length ?? 0);
  }
  return { table, words, masks, offsets, columnStart };
};

/**
 * The row index of table `c`. All tables of the problem are indexed together on the first request (~10 ms for
 * Megane's 195k rows), then shared by every explanation of the problem: one pause for the first explanation
 * instead of one for each explanation that first reaches a table.
 */
export const tableIndex = (problem: FiniteProblem, c: number): TableIndex => {
  let list = indexes.get(problem);
  if (!list) {
    list = problem.tables.map((table) => buildIndex(problem, table));
    indexes.set(problem, list);
  }
  return list[c]!;
};

/** Whether one table on its own rules out the partial assignment: an AND of the fixed columns' row bitsets. */
export const excludesAlone = (problem: FiniteProblem, c: number, assign: Int32Array): boolean => {
  const index = tableIndex(problem, c);
  const { table, words, masks } = index;
  const arity = table.scope.length;
  let fixedCount = 0;
  for (let k = 0; k < arity; k += 1) if ((assign[table.scope[k]!] ?? -1) >= 0) fixedCount += 1;
  if (!table.isAllowed && fixedCount < arity) return false;
  if (table.tupleCount === 0) return table.isAllowed;
  for (let w = 0; w < words; w += 1) {
    let word = w === words - 1 && table.tupleCount % 32 !== 0 ? (1 << (table.tupleCount % 32)) - 1 : -1;
    for (let k = 0; k < arity && word !== 0; k += 1) {
      const v = assign[table.scope[k]!] ?? -1;
      if (v >= 0) word &= masks[k]![v * words + w]!;
    }
    if (word !== 0) return !table.isAllowed;
  }
  return table.isAllowed;
};

/**
 * Tables of more rows than this are reduced only when no smaller table is waiting. The fixpoint, hence whether a
 * propagation refutes, does not depend on the order; its cost does: a reduction costs words of alive rows, and
 * the small tables, which settle most refutations on their own, shrink the domains (and so the rows) the big ones
 * are then reduced against, or wipe out before any big one is reduced. On Megane (5 tables of 8,694-48,721 rows,
 * 10 of 2,101-6,498, 98 of at most 1,708) naming the constraints of 1,500 fixed conflicts, best of 7, took p90
 * 0.111 -> 0.069 ms and p99 0.299 -> 0.213 ms with 2,048 (rather than 1,024 or 4,096).
 */
const BIG_TABLE_ROWS = 2048;

/** The live state of one table during a propagation: alive rows as a sparse bitset, residues, last-seen domains. */
type TableState = {
  readonly index: TableIndex;
  readonly rows: Uint32Array;
  /** `nonZero[0 .. limit)` lists the words of `rows` that may be non-zero. */
  readonly nonZero: Int32Array;
  limit: number;
  /** Per (column, value): the word where a support was last found. */
  readonly residues: Int32Array;
  /** Per (column, value): whether the value was alive when the rows were last filtered. */
  readonly seen: Uint8Array;
  /** Per column: its domain size when the rows were last filtered (domains only shrink between resets). */
  readonly seenSizes: Int32Array;
  isFresh: boolean;
  isTouched: boolean;
};

/**
 * Generalised arc consistency over table constraints by bitsets of rows (compact-table style): the rows alive are
 * filtered by AND-ing the bitsets of the values removed (or kept) per column, and a value is supported while some
 * alive row holds it (allowed tables) or not every combination with it is forbidden (forbidden tables). Same
 * fixpoint as the tuple-scanning {@link Propagator}, but a reduction costs words of the alive rows, not every
 * stored tuple. Only resets to pristine (no backtracking): made for explanations, so it logs which table removed
 * each value and can name the tables a wipe-out rests on ({@link wipeOutCulprits}).
 */
export class RowPropagator {
  readonly problem: FiniteProblem;
  readonly alive: Uint8Array;
  readonly sizes: Int32Array;
  /** Tables allowed to propagate (all when null). */
  enabled: Uint8Array | null = null;
  /** The tables over each variable, in table order. */
  readonly tablesOf: readonly (readonly number[])[];
  private readonly states: (TableState | undefined)[] = [];
  private readonly touched: number[] = [];
  /** Removals since the last reset, in order: value index, variable, and the table that made it (-1: a choice). */
  private readonly removedValues: Int32Array;
  private readonly removedVars: Int32Array;
  private readonly removedBy: Int32Array;
  private removedCount = 0;
  /** The last wipe-out: the table whose reduction failed, or -1 when the choice of `wipedVar` failed. */
  private wipedBy = -1;
  private wipedVar = -1;
  /** Scratch of {@link wipeOutCulprits}: per variable, its removals logged before this position are needed. */
  private readonly neededBefore: Int32Array;
  private readonly isCulprit: Uint8Array;
  private scratch = new Uint32Array(64);
  /** Per reduction: the columns to filter, cheapest first, and their costs (arity entries at most). */
  private columns = new Int32Array(16);
  private columnCosts = new Int32Array(16);
  private queued: Uint8Array;
  /**
   * Reused by {@link propagate}: the tables waiting for a reduction, the big ones ({@link BIG_TABLE_ROWS}) apart:
   * a big table is reduced only when no small one waits.
   */
  private readonly queue: number[] = [];
  private readonly bigQueue: number[] = [];
  private readonly isBig: Uint8Array;
  /** Reused by every reduction: the variables whose domain it shrank (`changedCount` of them). */
  private readonly changed: Int32Array;
  private changedCount = 0;
  /** Reused by {@link pruneForbidden}: the columns' domain sizes before it. */
  private sizesBefore = new Int32Array(16);
  /** Per table and per variable: zeroed scratch marks lent to callers ({@link tableMarks}, {@link varMarks}). */
  readonly tableMarks: Uint8Array;
  readonly varMarks: Uint8Array;

  /** `bigTableRows`: see {@link BIG_TABLE_ROWS} (tests lower it to mix both stacks on small tables). */
  constructor(problem: FiniteProblem, { bigTableRows = BIG_TABLE_ROWS } = {}) {
    this.problem = problem;
    this.alive = new Uint8Array(problem.valueOffset[problem.domains.length] ?? 0).fill(1);
    this.sizes = Int32Array.from(problem.domains, (domain) => domain.length);
    const tablesOf: number[][] = problem.domains.map(() => []);
    problem.tables.forEach((table, c) => {
      for (const x of table.scope) tablesOf[x]?.push(c);
    });
    this.tablesOf = tablesOf;
    this.queued = new Uint8Array(problem.tables.length);
    this.isBig = Uint8Array.from(problem.tables, (table) => (table.tupleCount > bigTableRows ? 1 : 0));
    this.isCulprit = new Uint8Array(problem.tables.length);
    // Every value is removed at most once between resets.
    this.removedValues = new Int32Array(this.alive.length);
    this.removedVars = new Int32Array(this.alive.length);
    this.removedBy = new Int32Array(this.alive.length);
    this.neededBefore = new Int32Array(problem.domains.length);
    this.changed = new Int32Array(problem.domains.length);
    this.tableMarks = new Uint8Array(problem.tables.length);
    this.varMarks = new Uint8Array(problem.domains.length);
  }

  /**
   * Builds every table's row index and live state now rather than on first use, so that no explanation pays
   * for them (~10 ms and 1.9 MB on Megane, plus ~0.1 MB of states).
   */
  prepare(): void {
    for (let c = 0; c < this.problem.tables.length; c += 1) {
      const state = this.stateOf(c);
      state.isTouched = false;
    }
    this.touched.length = 0;
  }

  /** Restores every domain and table to the pristine state. */
  reset(): void {
    for (let p = 0; p < this.removedCount; p += 1) this.alive[this.removedValues[p]!] = 1;
    this.removedCount = 0;
    this.wipedBy = -1;
    this.wipedVar = -1;
    this.problem.domains.forEach((domain, x) => {
      this.sizes[x] = domain.length;
    });
    for (const c of this.touched) {
      const state = this.states[c];
      if (state) this.clearState(state);
    }
    this.touched.length = 0;
  }

  /** Removes value `v` of `x` on behalf of table `by` (-1: a choice); false when the domain becomes empty. */
  private remove(x: number, v: number, by: number): boolean {
    const index = (this.problem.valueOffset[x] ?? 0) + v;
    if (this.alive[index] === 0) return true;
    this.alive[index] = 0;
    this.sizes[x] = (this.sizes[x] ?? 0) - 1;
    const p = this.removedCount;
    this.removedValues[p] = index;
    this.removedVars[p] = x;
    this.removedBy[p] = by;
    this.removedCount = p + 1;
    return (this.sizes[x] ?? 0) > 0;
  }

  /**
   * Restricts every option `assign` fixes (-1: free) to its value, then propagates once from all their tables;
   * false on a wipe-out. One propagation rather than one per choice: each would reduce the big tables again.
   */
  assignAll(assign: Int32Array): boolean {
    const start: number[] = [];
    for (let x = 0; x < assign.length; x += 1) {
      const v = assign[x]!;
      if (v < 0) continue;
      if (!this.isAlive(x, v)) {
        this.wipedVar = x;
        return false;
      }
      const size = this.problem.domains[x]?.length ?? 0;
      for (let w = 0; w < size; w += 1) if (w !== v) this.remove(x, w, -1);
      start.push(...(this.tablesOf[x] ?? []));
    }
    return this.propagate(start);
  }

  /** Whether `v` is still in the domain of `x`. */
  isAlive(x: number, v: number): boolean {
    return this.alive[(this.problem.valueOffset[x] ?? 0) + v] === 1;
  }

  /** Runs table reductions to a fixpoint starting from `tables`, small tables first; false on a wipe-out. */
  propagate(tables: Iterable<number>): boolean {
    const { queue, bigQueue, queued } = this;
    queue.length = 0;
    bigQueue.length = 0;
    for (const c of tables) this.enqueue(c);
    let isConsistent = true;
    while (queue.length > 0 || bigQueue.length > 0) {
      const c = (queue.length > 0 ? queue.pop() : bigQueue.pop()) ?? 0;
      queued[c] = 0;
      if (!isConsistent) continue;
      if (this.enabled && this.enabled[c] !== 1) continue;
      if (!this.reduce(c)) {
        this.wipedBy = c;
        isConsistent = false;
        continue;
      }
      // An allowed table's own prunings remove no alive row of it, so they cannot prune it further.
      const isAllowed = this.problem.tables[c]?.isAllowed ?? true;
      const changed = this.changed;
      for (let i = 0; i < this.changedCount; i += 1) {
        for (const other of this.tablesOf[changed[i]!] ?? []) {
          if (other !== c || !isAllowed) this.enqueue(other);
        }
      }
    }
    return isConsistent;
  }

  /** Queues table `c` for a reduction, unless it is queued already. */
  private enqueue(c: number): void {
    if (this.queued[c] === 1) return;
    this.queued[c] = 1;
    (this.isBig[c] === 1 ? this.bigQueue : this.queue).push(c);
  }

  /**
   * After a wipe-out, the tables it rests on (ascending): traced back from the wipe-out through the removals each
   * one depended on, which are the removals of its table's other options made before it (a choice depends on
   * nothing). Propagating over these tables alone repeats every traced removal, since a reduction removes at
   * least as much when its other columns' domains are smaller, hence the wipe-out: a sound set, and usually
   * far smaller than the set of every table that removed something.
   */
  wipeOutCulprits(): number[] {
    const { tables } = this.problem;
    const neededBefore = this.neededBefore;
    const isCulprit = this.isCulprit;
    const culprits: number[] = [];
    neededBefore.fill(0);
    const need = (c: number, before: number, except: number) => {
      if (isCulprit[c] === 0) {
        isCulprit[c] = 1;
        culprits.push(c);
      }
      for (const z of tables[c]?.scope ?? []) if (z !== except && neededBefore[z]! < before) neededBefore[z] = before;
    };
    if (this.wipedBy >= 0) need(this.wipedBy, this.removedCount, -1);
    else neededBefore[this.wipedVar] = this.removedCount;
    for (let p = this.removedCount - 1; p >= 0; p -= 1) {
      const c = this.removedBy[p]!;
      const y = this.removedVars[p]!;
      if (c >= 0 && p < neededBefore[y]!) need(c, p, y);
    }
    for (const c of culprits) isCulprit[c] = 0;
    return culprits.sort((a, b) => a - b);
  }

  private stateOf(c: number): TableState {
    let state = this.states[c];
    if (!state) {
      const index = tableIndex(this.problem, c);
      const values = index.columnStart[index.table.scope.length] ?? 0;
      state = {
        index,
        rows: new Uint32Array(index.words),
        nonZero: new Int32Array(index.words),
        limit: 0,
        residues: new Int32Array(values),
        seen: new Uint8Array(values),
        seenSizes: new Int32Array(index.table.scope.length),
        isFresh: true,
        isTouched: false,
      };
      this.clearState(state);
      this.states[c] = state;
      if (this.scratch.length < index.words) this.scratch = new Uint32Array(index.words);
      if (this.columns.length < index.table.scope.length) {
        this.columns = new Int32Array(index.table.scope.length);
        this.columnCosts = new Int32Array(index.table.scope.length);
      }
    }
    if (!state.isTouched) {
      state.isTouched = true;
      this.touched.push(c);
    }
    return state;
  }

  private clearState(state: TableState): void {
    const { words, table } = state.index;
    state.rows.fill(0xffffffff);
    if (table.tupleCount % 32 !== 0) state.rows[words - 1] = (1 << (table.tupleCount % 32)) - 1;
    if (table.tupleCount === 0) state.rows[0] = 0;
    for (let w = 0; w < words; w += 1) state.nonZero[w] = w;
    state.limit = table.tupleCount === 0 ? 0 : words;
    state.seen.fill(1);
    const { columnStart } = state.index;
    for (let k = 0; k < table.scope.length; k += 1) state.seenSizes[k] = columnStart[k + 1]! - columnStart[k]!;
    state.isFresh = true;
    state.isTouched = false;
  }

  /** One reduction of table `c`, leaving the variables whose domain shrank in `changed`; false on a wipe-out. */
  private reduce(c: number): boolean {
    this.changedCount = 0;
    const state = this.stateOf(c);
    const { index, rows, nonZero, seen, seenSizes } = state;
    const { table, words, masks, offsets, columnStart } = index;
    const arity = table.scope.length;
    const alive = this.alive;
    const sizes = this.sizes;
    const scratch = this.scratch;
    // Filter the alive rows by the values removed since the last reduction of this table (or by the values kept,
    // when fewer), column by column, cheapest first: a filter costs its values times the words still alive, and
    // the most selective columns (a chosen option keeps one value) shrink those words for the others.
    const columns = this.columns;
    const costs = this.columnCosts;
    let filtered = 0;
    for (let k = 0; k < arity; k += 1) {
      const removedCount = seenSizes[k]! - sizes[table.scope[k]!]!;
      if (removedCount === 0) continue;
      const cost = Math.min(sizes[table.scope[k]!]!, removedCount);
      let i = filtered;
      for (; i > 0 && costs[i - 1]! > cost; i -= 1) {
        columns[i] = columns[i - 1]!;
        costs[i] = costs[i - 1]!;
      }
      columns[i] = k;
      costs[i] = cost;
      filtered += 1;
    }
    for (let j = 0; j < filtered; j += 1) {
      const k = columns[j]!;
      const start = columnStart[k]!;
      const size = columnStart[k + 1]! - start;
      const offset = offsets[k]!;
      const aliveCount = sizes[table.scope[k]!]!;
      seenSizes[k] = aliveCount;
      const mask = masks[k]!;
      const limit = state.limit;
      const keep = aliveCount === costs[j];
      // The union of the rows of the values to filter by goes to `scratch`, unless there is one value: its own
      // row bitset is used as it is (a chosen option, or a single value removed).
      let selected = 0;
      let only = 0;
      for (let v = 0; v < size; v += 1) {
        const isAlive = alive[offset + v] === 1;
        if (keep ? isAlive : !isAlive && seen[start + v] === 1) {
          const base = v * words;
          if (selected === 1) for (let i = 0; i < limit; i += 1) scratch[nonZero[i]!] = mask[only + nonZero[i]!]!;
          if (selected >= 1) {
            for (let i = 0; i < limit; i += 1) {
              const w = nonZero[i]!;
              scratch[w]! |= mask[base + w]!;
            }
          }
          only = base;
          selected += 1;
        }
        seen[start + v] = isAlive ? 1 : 0;
      }
      // No value at all: an empty domain, whose table keeps no row.
      if (selected === 0) for (let i = 0; i < limit; i += 1) scratch[nonZero[i]!] = 0;
      const union = selected === 1 ? mask : scratch;
      const unionBase = selected === 1 ? only : 0;
      let next = limit;
      for (let i = limit - 1; i >= 0; i -= 1) {
        const w = nonZero[i]!;
        const word = keep ? rows[w]! & union[unionBase + w]! : rows[w]! & ~union[unionBase + w]!;
        rows[w] = word;
        if (word === 0) {
          next -= 1;
          nonZero[i] = nonZero[next]!;
          nonZero[next] = w;
        }
      }
      state.limit = next;
    }
    if (filtered === 0 && !state.isFresh) return true;
    state.isFresh = false;
    if (state.limit === 0 && table.isAllowed) return false;
    return table.isAllowed ? this.pruneAllowed(c, state) : this.pruneForbidden(c, state);
  }

  /** Removes the values that no alive row holds. */
  private pruneAllowed(c: number, state: TableState): boolean {
    const { index, rows, nonZero, residues } = state;
    const { table, words, masks, offsets, columnStart } = index;
    const limit = state.limit;
    for (let k = 0; k < table.scope.length; k += 1) {
      const x = table.scope[k]!;
      const start = columnStart[k]!;
      const size = columnStart[k + 1]! - start;
      const offset = offsets[k]!;
      const mask = masks[k]!;
      let shrank = false;
      for (let v = 0; v < size; v += 1) {
        if (this.alive[offset + v] === 0) continue;
        const base = v * words;
        const residue = residues[start + v]!;
        if ((rows[residue]! & mask[base + residue]!) !== 0) continue;
        let isSupported = false;
        for (let i = 0; i < limit; i += 1) {
          const w = nonZero[i]!;
          if ((rows[w]! & mask[base + w]!) !== 0) {
            residues[start + v] = w;
            isSupported = true;
            break;
          }
        }
        if (isSupported) continue;
        if (!this.remove(x, v, c)) return false;
        shrank = true;
      }
      if (shrank) this.noteShrunk(x);
    }
    return true;
  }

  /** Records that option `x` lost values in this reduction, for the tables that must be revised after it. */
  private noteShrunk(x: number): void {
    this.changed[this.changedCount] = x;
    this.changedCount += 1;
  }

  /** Removes the values whose every combination with the other columns' alive values is forbidden. */
  private pruneForbidden(c: number, state: TableState): boolean {
    const { index, rows, nonZero } = state;
    const { table, words, masks, offsets, columnStart } = index;
    const limit = state.limit;
    // Counts are against the domains before this pruning, as in the Propagator.
    if (this.sizesBefore.length < table.scope.length) this.sizesBefore = new Int32Array(table.scope.length);
    const sizesBefore = this.sizesBefore;
    for (let k = 0; k < table.scope.length; k += 1) sizesBefore[k] = this.sizes[table.scope[k]!] ?? 0;
    for (let k = 0; k < table.scope.length; k += 1) {
      const x = table.scope[k]!;
      let others = 1;
      for (let j = 0; j < table.scope.length && others <= table.tupleCount; j += 1) {
        if (j !== k) others *= sizesBefore[j] ?? 0;
      }
      if (others > table.tupleCount) continue;
      const start = columnStart[k]!;
      const size = columnStart[k + 1]! - start;
      const offset = offsets[k]!;
      const mask = masks[k]!;
      let shrank = false;
      for (let v = 0; v < size; v += 1) {
        if (this.alive[offset + v] === 0) continue;
        let count = 0;
        for (let i = 0; i < limit; i += 1) {
          const w = nonZero[i]!;
          count += popCount(rows[w]! & mask[v * words + w]!);
        }
        if (count < others) continue;
        if (!this.remove(x, v, c)) return false;
        shrank = true;
      }
      if (shrank) this.noteShrunk(x);
    }
    return true;
  }
}

const popCount = (word: number): number => {
  let n = word - ((word >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
};
