import type { Mdd } from '../diagram/mdd';
import { VectorTable } from './vector-table';

/**
 * One layer of a diagram being reordered: `count` nodes, each a row of `width` children (one per value of the
 * layer's variable) given as indexes into the next layer, -1 where the value is excluded.
 */
type Layer = { readonly width: number; readonly count: number; readonly rows: Int32Array; readonly edges: number };

/** What {@link siftMdd} may spend and when it stops trying a direction. */
export type SiftBudget = {
  /** Clock time (of `now`) after which no further move is started; the diagram is left at its best so far. */
  readonly deadline: number;
  readonly now: () => number;
  /** Furthest a variable is moved from where it started, in layers (default: anywhere). */
  readonly window?: number;
  /** A direction is given up once the diagram has grown past this factor of its best size (default 1.02). */
  readonly maxGrowth?: number;
  /**
   * Most work, in row entries visited by swaps (a swap visits its upper layer's nodes times both widths), after
   * which no further move is started (default: no limit). Unlike the deadline, it gives the same diagram on
   * every machine.
   */
  readonly maxCells?: number;
};

const countEdges = (rows: Int32Array): number => {
  let edges = 0;
  for (let i = 0; i < rows.length; i += 1) if ((rows[i] ?? -1) >= 0) edges += 1;
  return edges;
};

const toLayers = (mdd: Mdd, widths: Int32Array): Layer[] => {
  const n = mdd.order.length;
  return Array.from({ length: n + 1 }, (_, k) => {
    const first = mdd.layerStart[k] ?? 0;
    const count = (mdd.layerStart[k + 1] ?? 0) - first;
    const width = k < n ? (widths[k] ?? 0) : 0;
    const rows = new Int32Array(count * width).fill(-1);
    const childBase = mdd.layerStart[k + 1] ?? 0;
    for (let node = 0; node < count; node += 1) {
      for (let e = mdd.edgeStart[first + node] ?? 0; e < (mdd.edgeStart[first + node + 1] ?? 0); e += 1) {
        rows[node * width + (mdd.edgeLabel[e] ?? 0)] = (mdd.edgeChild[e] ?? 0) - childBase;
      }
    }
    return { width, count, rows, edges: countEdges(rows) };
  });
};

const toMdd = (layers: readonly Layer[], order: Int32Array): Mdd => {
  const layerStart = new Int32Array(layers.length + 1);
  layers.forEach((layer, k) => {
    layerStart[k + 1] = (layerStart[k] ?? 0) + layer.count;
  });
  const nodeCount = layerStart[layers.length] ?? 0;
  const edgeCount = layers.reduce((sum, layer) => sum + layer.edges, 0);
  const edgeStart = new Int32Array(nodeCount + 1);
  const edgeLabel = new Int32Array(edgeCount);
  const edgeChild = new Int32Array(edgeCount);
  let node = 0;
  let edge = 0;
  layers.forEach((layer, k) => {
    const childBase = layerStart[k + 1] ?? 0;
    for (let local = 0; local < layer.count; local += 1) {
      for (let value = 0; value < layer.width; value += 1) {
        const child = layer.rows[local * layer.width + value] ?? -1;
        if (child < 0) continue;
        edgeLabel[edge] = value;
        edgeChild[edge] = childBase + child;
        edge += 1;
      }
      node += 1;
      edgeStart[node] = edge;
    }
  });
  return { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount, edgeCount };
};

/**
 * Exchanges the variables of layers `k` and `k + 1` in place. A node of layer `k` keeps its index (and so every
 * edge into it), tests the lower variable instead, and points at new nodes of layer `k + 1`, one per value of
 * the lower variable, that test the upper one; those are interned, so the result is reduced again. The old nodes
 * of layer `k + 1` are dropped: only layer `k` pointed at them.
 */
const swapLayers = (layers: Layer[], order: Int32Array, k: number): number => {
  const upper = layers[k];
  const lower = layers[k + 1];
  if (!upper || !lower) throw new Error(`no layers ${k} and ${k + 1} to swap`);
  const wa = upper.width;
  const wb = lower.width;
  const table = new VectorTable(wa, upper.count);
  const row = new Int32Array(wa);
  const rows = new Int32Array(upper.count * wb);
  const above = upper.rows;
  const below = lower.rows;
  let upperEdges = 0;
  let lowerEdges = 0;
  // The hot loop of compilation's last stage: indexes are in range by construction, hence the assertions.
  for (let node = 0; node < upper.count; node += 1) {
    const base = node * wa;
    for (let b = 0; b < wb; b += 1) {
      let children = 0;
      for (let a = 0; a < wa; a += 1) {
        const middle = above[base + a]!;
        const child = middle < 0 ? -1 : below[middle * wb + b]!;
        row[a] = child;
        if (child >= 0) children += 1;
      }
      if (children === 0) {
        rows[node * wb + b] = -1;
        continue;
      }
      const before = table.count;
      rows[node * wb + b] = table.intern(row);
      upperEdges += 1;
      if (table.count > before) lowerEdges += children;
    }
  }
  layers[k] = { width: wb, count: upper.count, rows, edges: upperEdges };
  layers[k + 1] = { width: wa, count: table.count, rows: table.rows(), edges: lowerEdges };
  const x = order[k] ?? 0;
  order[k] = order[k + 1] ?? 0;
  order[k + 1] = x;
  return upper.count * wa * wb;
};

/**
 * Rudell's sifting on a built diagram: each variable in turn, the widest layers first, is moved down and up
 * through the order by swaps of adjacent layers and left where the diagram had the fewest edges (every query is
 * a linear pass over the edges). The diagram's meaning never changes, only its order and size. Stops starting
 * moves when the budget's work or time is spent; the result is never larger than the input.
 */
export const siftMdd = (mdd: Mdd, domainSizes: ArrayLike<number>, budget: SiftBudget): Mdd => {
  const n = mdd.order.length;
  if (n < 2 || mdd.edgeCount === 0) return mdd;
  const order = Int32Array.from(mdd.order);
  const layers = toLayers(
    mdd,
    Int32Array.from(order, (x) => domainSizes[x] ?? 0),
  );
  const maxGrowth = budget.maxGrowth ?? 1.02;
  const window = budget.window ?? n;
  let size = layers.reduce((sum, layer) => sum + layer.edges, 0);
  const startSize = size;
  const maxCells = budget.maxCells ?? Number.POSITIVE_INFINITY;
  let cells = 0;
  const isSpent = () => cells > maxCells || budget.now() > budget.deadline;
  const swap = (k: number) => {
    const before = (layers[k]?.edges ?? 0) + (layers[k + 1]?.edges ?? 0);
    cells += swapLayers(layers, order, k);
    size += (layers[k]?.edges ?? 0) + (layers[k + 1]?.edges ?? 0) - before;
  };
  const startEdges = new Int32Array(n);
  order.forEach((x, k) => {
    startEdges[x] = layers[k]?.edges ?? 0;
  });
  const variables = Array.from(order).sort((a, b) => (startEdges[b] ?? 0) - (startEdges[a] ?? 0));
  // A swap replaces the two layers' entries and keeps the upper one's node indexes, so a copy of the layer list
  // and the order is the whole state: going back to the start or to the best place is a copy, not swaps.
  const snapshot = () => ({ layers: layers.slice(), order: order.slice(), size });
  const restore = (saved: ReturnType<typeof snapshot>) => {
    saved.layers.forEach((layer, k) => {
      layers[k] = layer;
    });
    order.set(saved.order);
    size = saved.size;
  };
  for (const x of variables) {
    if (isSpent()) break;
    const start = order.indexOf(x);
    const low = Math.max(0, start - window);
    const high = Math.min(n - 1, start + window);
    const atStart = snapshot();
    let best = atStart;
    // The nearer end first, so that the longer walk starts from the better side.
    const directions = high - start < start - low ? [1, -1] : [-1, 1];
    for (const direction of directions) {
      // From the start each way: a walk that gave up on growth would otherwise end the other one at once.
      restore(atStart);
      for (let at = start; ; at += direction) {
        const next = at + direction;
        if (next < low || next > high || size > best.size * maxGrowth || isSpent()) break;
        swap(Math.min(at, next));
        if (size < best.size) best = snapshot();
      }
    }
    restore(best);
  }
  return size < startSize ? toMdd(layers, order) : mdd;
};
