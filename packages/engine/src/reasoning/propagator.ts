import type { FiniteProblem, FiniteTable } from '../problem/problem';

/**
 * Generalised arc consistency over table constraints with a trail for backtracking: simple tabular reduction
 * (STR) for allowed tables and its counting variant for forbidden ones. `alive[valueOffset[x] + v]` says whether
 * value `v` is still in the domain of `x`.
 */
export class Propagator {
  readonly problem: FiniteProblem;
  readonly tables: readonly FiniteTable[];
  readonly alive: Uint8Array;
  readonly sizes: Int32Array;
  private readonly tuplesLeft: Int32Array[];
  private readonly tupleCount: Int32Array;
  private readonly trail: number[] = [];
  private readonly byVar: number[][];

  constructor(problem: FiniteProblem) {
    const { tables } = problem;
    this.problem = problem;
    this.tables = tables;
    this.alive = new Uint8Array(problem.valueOffset[problem.domains.length] ?? 0).fill(1);
    this.sizes = Int32Array.from(problem.domains, (domain) => domain.length);
    this.tuplesLeft = tables.map((table) => {
      const list = new Int32Array(table.tupleCount);
      for (let t = 0; t < list.length; t += 1) list[t] = t;
      return list;
    });
    this.tupleCount = Int32Array.from(tables, (table) => table.tupleCount);
    this.byVar = problem.domains.map(() => []);
    tables.forEach((table, c) => {
      for (const x of table.scope) this.byVar[x]?.push(c);
    });
  }

  /** A restore point for {@link undo}. */
  mark(): number {
    return this.trail.length;
  }

  /** Restores every domain and table to the state at `mark`. */
  undo(mark: number): void {
    while (this.trail.length > mark) {
      const code = this.trail.pop() ?? 0;
      const payload = this.trail.pop() ?? 0;
      if (code >= 0) {
        this.alive[payload] = 1;
        this.sizes[code] = (this.sizes[code] ?? 0) + 1;
      } else this.tupleCount[-code - 1] = payload;
    }
  }

  /** Removes value `v` of `x`; false when the domain becomes empty. */
  remove(x: number, v: number): boolean {
    const index = (this.problem.valueOffset[x] ?? 0) + v;
    if (this.alive[index] === 0) return true;
    this.alive[index] = 0;
    this.sizes[x] = (this.sizes[x] ?? 0) - 1;
    this.trail.push(index, x);
    return (this.sizes[x] ?? 0) > 0;
  }

  /** Restricts `x` to the single value `v` and propagates; false on a wipe-out. */
  assign(x: number, v: number): boolean {
    const size = this.problem.domains[x]?.length ?? 0;
    for (let w = 0; w < size; w += 1) if (w !== v && !this.remove(x, w)) return false;
    return this.isAlive(x, v) && this.propagate(this.byVar[x] ?? []);
  }

  /** Whether `v` is still in the domain of `x`. */
  isAlive(x: number, v: number): boolean {
    return this.alive[(this.problem.valueOffset[x] ?? 0) + v] === 1;
  }

  /** Runs table reductions to a fixpoint starting from `tables`; false on a wipe-out. */
  propagate(tables: Iterable<number> = this.tables.keys()): boolean {
    const queue = [...tables];
    const queued = new Uint8Array(this.tables.length);
    for (const c of queue) queued[c] = 1;
    while (queue.length > 0) {
      const c = queue.pop() ?? 0;
      queued[c] = 0;
      const changed = this.reduce(c);
      if (changed === null) return false;
      for (const x of changed) {
        for (const other of this.byVar[x] ?? []) {
          if (queued[other] === 0) {
            queued[other] = 1;
            queue.push(other);
          }
        }
      }
    }
    return true;
  }

  /** One STR pass over table `c`; returns the variables whose domain shrank, or null on a wipe-out. */
  private reduce(c: number): number[] | null {
    const table = this.tables[c];
    const list = this.tuplesLeft[c];
    if (!table || !list) return [];
    const arity = table.scope.length;
    const tuples = table.tuples;
    const alive = this.alive;
    const offsets = this.offsetsOf(c);
    const seen = this.countersOf(c);
    for (const counter of seen) counter.fill(0);
    let count = this.tupleCount[c] ?? 0;
    const before = count;
    for (let i = 0; i < count; ) {
      const t = list[i]!;
      const start = t * arity;
      let isValid = true;
      for (let k = 0; k < arity; k += 1) {
        if (alive[offsets[k]! + tuples[start + k]!] === 0) {
          isValid = false;
          break;
        }
      }
      if (isValid) {
        for (let k = 0; k < arity; k += 1) seen[k]![tuples[start + k]!]! += 1;
        i += 1;
      } else {
        count -= 1;
        list[i] = list[count]!;
        list[count] = t;
      }
    }
    if (count !== before) {
      this.trail.push(before, -c - 1);
      this.tupleCount[c] = count;
    }
    return this.prune(table, seen);
  }

  private readonly offsetCache: (Int32Array | undefined)[] = [];
  private readonly counterCache: (Int32Array[] | undefined)[] = [];

  /** The value offsets of table `c`'s scope (built once). */
  private offsetsOf(c: number): Int32Array {
    let offsets = this.offsetCache[c];
    if (!offsets) {
      offsets = Int32Array.from(this.tables[c]?.scope ?? [], (x) => this.problem.valueOffset[x] ?? 0);
      this.offsetCache[c] = offsets;
    }
    return offsets;
  }

  /** Support counters of table `c`, one per scope position (reused between reductions). */
  private countersOf(c: number): Int32Array[] {
    let counters = this.counterCache[c];
    if (!counters) {
      counters = Array.from(this.tables[c]?.scope ?? [], (x) => new Int32Array(this.problem.domains[x]?.length ?? 0));
      this.counterCache[c] = counters;
    }
    return counters;
  }

  /** Removes values without support (allowed) or entirely forbidden (forbidden tables). */
  private prune(table: FiniteTable, seen: Int32Array[]): number[] | null {
    const changed: number[] = [];
    // Counts were taken against the domains before this pruning: compare them with those sizes, not live ones.
    const sizesBefore = Array.from(table.scope, (x) => this.sizes[x] ?? 0);
    for (let k = 0; k < table.scope.length; k += 1) {
      const x = table.scope[k] ?? 0;
      let others = 1;
      if (!table.isAllowed) {
        for (let j = 0; j < table.scope.length && others <= table.tupleCount; j += 1) {
          if (j !== k) others *= sizesBefore[j] ?? 0;
        }
      }
      const counter = seen[k] ?? new Int32Array(0);
      let shrank = false;
      for (let v = 0; v < counter.length; v += 1) {
        if (!this.isAlive(x, v)) continue;
        const isSupported = table.isAllowed ? (counter[v] ?? 0) > 0 : (counter[v] ?? 0) < others;
        if (isSupported) continue;
        if (!this.remove(x, v)) return null;
        shrank = true;
      }
      if (shrank) changed.push(x);
    }
    return changed;
  }
}
