import { DEAD, SATISFIED, type TableAutomaton } from './automaton';
import { FALSE_NODE, type NodeStore } from './node-store';

/** Thrown inside a construction when its node or time budget is spent. */
export class BudgetSpent extends Error {}

/** Budget of one compilation, checked while nodes are created. */
export type ApplyBudget = { readonly maxNodes: number; readonly deadline: number; readonly now: () => number };

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
  const build = (layer: number, state: number): number => {
    if (state === DEAD) return FALSE_NODE;
    if (layer === store.layers) return store.terminal;
    const key = state * (store.layers + 1) + layer;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const x = order[layer] ?? 0;
    const size = domainSizes[x] ?? 0;
    const row = new Int32Array(size);
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

/**
 * Conjunction of two diagrams of the same store (memoised apply). `trueAt[layer]`, when given, is the id of the
 * node that allows everything from that layer down: a pair with it is the other node, without a walk below.
 */
export const conjoin = (store: NodeStore, a: number, b: number, budget: ApplyBudget, trueAt?: Int32Array): number => {
  const memo: Map<number, number>[] = Array.from({ length: store.layers }, () => new Map());
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
    const lu = Math.min(store.localOf(u), store.localOf(v));
    const lv = Math.max(store.localOf(u), store.localOf(v));
    const key = lu * 67_108_864 + lv;
    const layerMemo = memo[layer];
    const known = layerMemo?.get(key);
    if (known !== undefined) return known;
    // Stored rows never change (a grown store keeps old buffers alive for these views), so no copies are needed.
    const left = store.row(u);
    const right = store.row(v);
    const row = scratch[layer]!;
    for (let value = 0; value < left.length; value += 1) row[value] = and(left[value]!, right[value]!);
    checkBudget(store, budget, ticks);
    const id = store.make(layer, row);
    layerMemo?.set(key, id);
    return id;
  };
  return and(a, b);
};
