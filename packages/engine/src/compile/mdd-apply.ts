import { DEAD, SATISFIED, type TableAutomaton } from './automaton';
import { FALSE_NODE, type NodeStore } from './node-store';

/**
 * Thrown inside a construction when its node or time budget is spent. `progress` (0 to 1) says how far the
 * construction got, for a caller choosing which attempt to resume with a larger budget.
 */
export class BudgetSpent extends Error {
  constructor(readonly progress = 0) {
    super('compile budget spent');
  }
}

/** Budget of one compilation, checked while nodes are created. */
export type ApplyBudget = { readonly maxNodes: number; readonly deadline: number; readonly now: () => number };

/** No memoised result (node ids are -1, {@link FALSE_NODE}, or non-negative). */
const NONE = -2;

/** Memory bound whatever `maxNodes` says: 64M row entries is 256 MB of rows. */
const MAX_CELLS = 64_000_000;

const checkBudget = (store: NodeStore, budget: ApplyBudget, ticks: { count: number }) => {
  ticks.count += 1;
  if (store.size > budget.maxNodes || store.cells > MAX_CELLS) throw new BudgetSpent();
  if ((ticks.count & 4095) === 0 && budget.now() > budget.deadline) throw new BudgetSpent();
};

/** The diagram of one table: its automaton spread over every layer (variables outside the scope pass through). */
export const tableDiagram = (
  store: NodeStore,
  automaton: TableAutomaton,
  order: Int32Array,
  domainSizes: Int32Array,
  budget: ApplyBudget,
): number => {
  const memo = new Map<number, number>();
  const ticks = { count: 0 };
  const position = new Int32Array(domainSizes.length);
  order.forEach((x, k) => {
    position[x] = k;
  });
  const depthOf = new Map<number, number>();
  automaton.vars.forEach((x, depth) => {
    depthOf.set(x, depth);
  });
  const last = position[automaton.vars[automaton.vars.length - 1] ?? 0] ?? 0;
  // One row per layer: the recursion only goes deeper before `make` copies the row, as in `conjoin`.
  const scratch = Array.from({ length: store.layers }, (_, layer) => new Int32Array(store.width(layer)));
  const build = (layer: number, state: number): number => {
    if (state === DEAD) return FALSE_NODE;
    if (layer === store.layers) return store.terminal;
    const key = state * (store.layers + 1) + layer;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const x = order[layer] ?? 0;
    const size = domainSizes[x] ?? 0;
    const row = scratch[layer]!;
    const isTested = state !== SATISFIED && depthOf.has(x) && layer <= last;
    const through = isTested ? 0 : build(layer + 1, state);
    for (let v = 0; v < size; v += 1) {
      row[v] = isTested ? build(layer + 1, automaton.next[(automaton.rowStart[state] ?? 0) + v] ?? DEAD) : through;
    }
    checkBudget(store, budget, ticks);
    const id = store.make(layer, row);
    memo.set(key, id);
    return id;
  };
  return build(0, automaton.root);
};

/** Results of node pairs in one conjunction: open addressing over typed arrays (pair keys overflow small ints). */
class PairMemo {
  private left = new Int32Array(1024);
  private right = new Int32Array(1024);
  private results = new Int32Array(1024).fill(NONE);
  private size = 0;

  private slotOf(u: number, v: number): number {
    const mask = this.results.length - 1;
    // Node ids share their low bits by layer; the final shift folds the product's well-mixed high bits down.
    const h = Math.imul(u ^ Math.imul(v, 0x85ebca6b), 0x9e3779b1);
    let slot = (h ^ (h >>> 15)) & mask;
    while (this.results[slot] !== NONE && (this.left[slot] !== u || this.right[slot] !== v)) slot = (slot + 1) & mask;
    return slot;
  }

  /** The stored result of (u, v), or {@link NONE}. */
  get(u: number, v: number): number {
    return this.results[this.slotOf(u, v)] ?? NONE;
  }

  set(u: number, v: number, result: number): void {
    const slot = this.slotOf(u, v);
    this.left[slot] = u;
    this.right[slot] = v;
    this.results[slot] = result;
    this.size += 1;
    if (this.size * 2 > this.results.length) this.grow();
  }

  private grow() {
    const [left, right, results] = [this.left, this.right, this.results];
    this.left = new Int32Array(left.length * 2);
    this.right = new Int32Array(left.length * 2);
    this.results = new Int32Array(left.length * 2).fill(NONE);
    for (let slot = 0; slot < results.length; slot += 1) {
      const result = results[slot] ?? NONE;
      if (result === NONE) continue;
      const to = this.slotOf(left[slot] ?? 0, right[slot] ?? 0);
      this.left[to] = left[slot] ?? 0;
      this.right[to] = right[slot] ?? 0;
      this.results[to] = result;
    }
  }
}

/**
 * Conjunction of two diagrams of the same store (memoised apply). `trueAt[layer]`, when given, is the id of the
 * node that allows everything from that layer down: a pair with it is the other node, without a walk below.
 */
export const conjoin = (store: NodeStore, a: number, b: number, budget: ApplyBudget, trueAt?: Int32Array): number => {
  const memo = new PairMemo();
  const ticks = { count: 0 };
  const scratch = Array.from({ length: store.layers }, (_, layer) => new Int32Array(store.width(layer)));
  const and = (u: number, v: number): number => {
    if (u === FALSE_NODE || v === FALSE_NODE) return FALSE_NODE;
    if (u === v) return u;
    const layer = store.layerOf(u);
    if (layer === store.layers) return store.terminal;
    if (trueAt) {
      if (u === trueAt[layer]) return v;
      if (v === trueAt[layer]) return u;
    }
    const low = Math.min(u, v);
    const high = Math.max(u, v);
    const known = memo.get(low, high);
    if (known !== NONE) return known;
    // The walk below only adds nodes to deeper layers, so this layer's row storage stays where it is until the
    // `make` at the end (no views or copies of the two rows are needed).
    const cells = store.cellsOf(layer);
    const width = store.width(layer);
    const left = store.localOf(u) * width;
    const right = store.localOf(v) * width;
    const row = scratch[layer]!;
    // The trivial pairs are settled without a call, most often a table's child below its scope: the all-true node.
    const allTrue = trueAt ? (trueAt[layer + 1] ?? NONE) : NONE;
    for (let value = 0; value < width; value += 1) {
      const x = cells[left + value]!;
      const y = cells[right + value]!;
      if (x === FALSE_NODE || y === FALSE_NODE) row[value] = FALSE_NODE;
      else if (x === y || y === allTrue) row[value] = x;
      else if (x === allTrue) row[value] = y;
      else row[value] = and(x, y);
    }
    checkBudget(store, budget, ticks);
    const id = store.make(layer, row);
    memo.set(low, high, id);
    return id;
  };
  return and(a, b);
};
