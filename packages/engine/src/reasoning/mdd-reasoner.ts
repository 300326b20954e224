import { isEmptyMdd, type Mdd } from '../diagram/mdd';
import type { Diagnosis, Reasoner } from './reasoner';

const UNREACHABLE = 0x3fffffff;

/**
 * What an edge not labelled with its layer's target costs in a diagnosis: `x` is forced (UNREACHABLE), a choice
 * costs 1 to change, a free option (`target` < 0) nothing.
 */
const edgePenalty = (isX: boolean, target: number): number => (isX ? UNREACHABLE : target < 0 ? 0 : 1);

/** Exact reasoner over a compiled {@link Mdd}: every query is one or two linear passes over the edge arrays. */
export class MddReasoner implements Reasoner {
  readonly guarantee = 'complete' as const;
  private readonly mdd: Mdd;
  private readonly valueOffset: Int32Array;
  private readonly up: Uint8Array;
  private readonly down: Uint8Array;
  private readonly counts: Float64Array;
  /** Every node's paths to the terminal with nothing chosen (see countDoubles). */
  private freeCounts: Float64Array | null = null;
  private readonly costs: Int32Array;
  /** Per layer (the terminal's included): whether {@link markCosts} left a node of it costing 0. */
  private readonly isLayerFree: Uint8Array;
  private readonly isExactInDoubles: boolean;
  /** Nodes of one layer and of the next, for {@link conflictOverCosts} (as wide as the widest layer). */
  private readonly frontier: Int32Array;
  private readonly nextFrontier: Int32Array;
  private readonly isEmpty: boolean;

  constructor(mdd: Mdd, valueOffset: Int32Array, isExactInDoubles: boolean) {
    this.mdd = mdd;
    this.valueOffset = valueOffset;
    this.up = new Uint8Array(mdd.nodeCount);
    this.down = new Uint8Array(mdd.nodeCount);
    this.counts = new Float64Array(mdd.nodeCount);
    this.costs = new Int32Array(mdd.nodeCount);
    this.isLayerFree = new Uint8Array(mdd.order.length + 1);
    this.isExactInDoubles = isExactInDoubles;
    let width = 1;
    for (let k = 0; k + 1 < mdd.layerStart.length; k += 1) {
      width = Math.max(width, mdd.layerStart[k + 1]! - mdd.layerStart[k]!);
    }
    this.frontier = new Int32Array(width);
    this.nextFrontier = new Int32Array(width);
    this.isEmpty = isEmptyMdd(mdd);
  }

  /** The deepest layer whose option `assign` chooses (-1 when none). */
  private deepestChoice(assign: Int32Array): number {
    const { order } = this.mdd;
    for (let k = order.length - 1; k >= 0; k -= 1) if (assign[order[k]!]! >= 0) return k;
    return -1;
  }

  /** Marks in `up` the nodes from which the terminal is reachable under `assign`; returns the root's mark. */
  private markUp(assign: Int32Array): boolean {
    const { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount } = this.mdd;
    const up = this.up;
    // The empty diagram's root has no edges (its other marks are never read). In any other diagram every node
    // reaches the terminal, so below the deepest chosen layer all marks are 1.
    if (this.isEmpty) return false;
    const deepest = this.deepestChoice(assign);
    up.fill(1, layerStart[deepest + 1]!, nodeCount);
    for (let k = deepest; k >= 0; k -= 1) {
      const value = assign[order[k]!]!;
      const end = layerStart[k + 1]!;
      // Two loops rather than one testing `value < 0` on every edge: this pass is most of a step's time.
      if (value < 0) {
        for (let node = layerStart[k]!; node < end; node += 1) {
          let mark = 0;
          const last = edgeStart[node + 1]!;
          for (let e = edgeStart[node]!; e < last && mark === 0; e += 1) mark = up[edgeChild[e]!]!;
          up[node] = mark;
        }
      } else {
        for (let node = layerStart[k]!; node < end; node += 1) {
          let mark = 0;
          const last = edgeStart[node + 1]!;
          for (let e = edgeStart[node]!; e < last; e += 1) {
            if (edgeLabel[e] === value) {
              mark = up[edgeChild[e]!]!;
              break;
            }
          }
          up[node] = mark;
        }
      }
    }
    return up[0] === 1;
  }

  supports(assign: Int32Array, out: Uint8Array): void {
    const { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount } = this.mdd;
    this.markUp(assign);
    const up = this.up;
    const down = this.down;
    down.fill(0, 0, nodeCount);
    down[0] = 1;
    out.fill(0);
    // Only reached nodes are expanded: after a few choices most of the diagram is unreachable.
    for (let k = 0; k < order.length; k += 1) {
      const x = order[k]!;
      const value = assign[x]!;
      const offset = this.valueOffset[x]!;
      const end = layerStart[k + 1]!;
      for (let node = layerStart[k]!; node < end; node += 1) {
        if (down[node] === 0) continue;
        const last = edgeStart[node + 1]!;
        if (value < 0) {
          for (let e = edgeStart[node]!; e < last; e += 1) {
            const child = edgeChild[e]!;
            out[offset + edgeLabel[e]!]! |= up[child]!;
            down[child] = 1;
          }
        } else {
          for (let e = edgeStart[node]!; e < last; e += 1) {
            const child = edgeChild[e]!;
            const label = edgeLabel[e]!;
            out[offset + label]! |= up[child]!;
            if (label === value) down[child] = 1;
          }
        }
      }
    }
  }

  isFeasible(assign: Int32Array): boolean {
    return this.markUp(assign);
  }

  count(assign: Int32Array): bigint {
    return this.isExactInDoubles ? BigInt(this.countDoubles(assign)) : this.countBig(assign);
  }

  /**
   * Exact while counts stay below 2^53. Below the deepest chosen layer nothing depends on the choices, so those
   * nodes' counts are copied from the counts with nothing chosen (computed once) and the pass starts there.
   */
  private countDoubles(assign: Int32Array): number {
    const { order, layerStart, nodeCount } = this.mdd;
    const counts = this.counts;
    const deepest = this.deepestChoice(assign);
    if (!this.freeCounts) {
      this.freeCounts = new Float64Array(nodeCount);
      this.sumPaths(
        this.freeCounts,
        assign.map(() => -1),
        order.length - 1,
      );
    }
    const below = layerStart[deepest + 1]!;
    counts.set(this.freeCounts.subarray(below), below);
    this.sumPaths(counts, assign, deepest);
    return counts[0]!;
  }

  /** Fills `counts` of layers `from` up to the root with their paths to the terminal under `assign`. */
  private sumPaths(counts: Float64Array, assign: Int32Array, from: number): void {
    const { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount } = this.mdd;
    counts[nodeCount - 1] = 1;
    for (let k = from; k >= 0; k -= 1) {
      const value = assign[order[k]!]!;
      const end = layerStart[k + 1]!;
      for (let node = layerStart[k]!; node < end; node += 1) {
        let sum = 0;
        const last = edgeStart[node + 1]!;
        if (value < 0) for (let e = edgeStart[node]!; e < last; e += 1) sum += counts[edgeChild[e]!]!;
        else for (let e = edgeStart[node]!; e < last; e += 1) if (edgeLabel[e] === value) sum += counts[edgeChild[e]!]!;
        counts[node] = sum;
      }
    }
  }

  private countBig(assign: Int32Array): bigint {
    const { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount } = this.mdd;
    const counts: bigint[] = new Array(nodeCount).fill(0n);
    counts[nodeCount - 1] = 1n;
    for (let k = order.length - 1; k >= 0; k -= 1) {
      const value = assign[order[k]!]!;
      for (let node = layerStart[k]!; node < layerStart[k + 1]!; node += 1) {
        let sum = 0n;
        for (let e = edgeStart[node]!; e < edgeStart[node + 1]!; e += 1) {
          if (value < 0 || edgeLabel[e] === value) sum += counts[edgeChild[e]!]!;
        }
        counts[node] = sum;
      }
    }
    return counts[0]!;
  }

  diagnose(assign: Int32Array, x: number, v: number): Diagnosis {
    const deepest = this.markCosts(assign, x, v);
    const rootCost = this.costs[0]!;
    if (rootCost === 0) return { isEnabled: true, conflict: [], nearest: null };
    if (rootCost >= UNREACHABLE) return { isEnabled: false, conflict: [], nearest: null };
    return {
      isEnabled: false,
      conflict: this.conflictOverCosts(assign, x, v, deepest),
      nearest: this.cheapestPath(assign, x, v),
    };
  }

  /**
   * Backward shortest paths to the terminal with `x` forced to `v` and cost 1 for every edge that contradicts
   * another choice: `costs[node]` is the fewest choices at the node's layer and below to change (UNREACHABLE
   * when no path takes `x = v`). So a node costs 0 iff it reaches the terminal under `x = v` and every choice
   * at its layer and below. Returns the deepest layer holding `x` or a choice; every node below costs 0. An edge
   * labelled with its layer's target (`v` for `x`, the choice for a chosen option) costs 0, any other
   * {@link edgePenalty}; free layers cost nothing and have a loop of their own: this pass is most of a
   * diagnosis's time.
   */
  private markCosts(assign: Int32Array, x: number, v: number): number {
    const { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount } = this.mdd;
    const costs = this.costs;
    let deepest = -1;
    for (let k = order.length - 1; k >= 0 && deepest < 0; k -= 1) {
      const y = order[k]!;
      if (y === x || assign[y]! >= 0) deepest = k;
    }
    costs.fill(0, layerStart[deepest + 1]!, nodeCount);
    const isLayerFree = this.isLayerFree;
    isLayerFree.fill(1, deepest + 1);
    for (let k = deepest; k >= 0; k -= 1) {
      let isFree = 0;
      const y = order[k]!;
      const end = layerStart[k + 1]!;
      const chosen = y === x ? v : assign[y]!;
      if (chosen < 0) {
        for (let node = layerStart[k]!; node < end; node += 1) {
          let best = UNREACHABLE;
          const last = edgeStart[node + 1]!;
          for (let e = edgeStart[node]!; e < last && best > 0; e += 1) {
            const cost = costs[edgeChild[e]!]!;
            if (cost < best) best = cost;
          }
          costs[node] = best;
          if (best === 0) isFree = 1;
        }
      } else {
        const penalty = edgePenalty(y === x, chosen);
        for (let node = layerStart[k]!; node < end; node += 1) {
          let best = UNREACHABLE;
          const last = edgeStart[node + 1]!;
          for (let e = edgeStart[node]!; e < last && best > 0; e += 1) {
            const cost = costs[edgeChild[e]!]! + (edgeLabel[e] === chosen ? 0 : penalty);
            if (cost < best) best = cost;
          }
          costs[node] = best;
          if (best === 0) isFree = 1;
        }
      }
      isLayerFree[k] = isFree;
    }
    return deepest;
  }

  /**
   * The minimal conflict by linear progression in diagram order, over the costs of {@link markCosts} and one
   * forward pass. With `fixed` = `x = v` plus the members found so far, "`fixed` and the choices at layers >= k
   * are compatible" is monotone in `k` and false at the root; it holds iff a node of layer `k` is reached from
   * the root under `fixed` and costs 0. Going down, the layer just above the first layer where it holds adds
   * the only choice that makes the difference: a member. It joins `fixed` (its layer is expanded again under
   * it), which makes the property false there again, and the pass goes on; it ends when no node is reached,
   * that is when `fixed` alone has no configuration. Same members as re-running both passes after each one.
   * The reached nodes of a layer are kept as a list: after a few choices they are a small part of the layer.
   */
  private conflictOverCosts(assign: Int32Array, x: number, v: number, deepest: number): number[] {
    const { order, layerStart } = this.mdd;
    const conflict: number[] = [];
    this.down.fill(0);
    let layer = this.frontier;
    let next = this.nextFrontier;
    // Above `x` and the first member, every node of a layer that costs less than UNREACHABLE is reached: each
    // node lies on a path from the root, and its parents there cost at most 1 more. So the pass starts at the
    // first layer whose next layer has a node costing 0 (or at `x`), with that whole layer reached.
    let k = 0;
    while (k <= deepest && order[k] !== x && this.isLayerFree[k + 1] === 0) k += 1;
    let size = 0;
    for (let node = layerStart[k]!; node < layerStart[k + 1]!; node += 1) {
      layer[size] = node;
      size += 1;
    }
    for (; k <= deepest && size > 0; k += 1) {
      const y = order[k]!;
      let nextSize = this.expandReached(layer, size, next, y === x ? v : -1, true);
      if (nextSize < 0) {
        conflict.push(y);
        nextSize = this.expandReached(layer, size, next, assign[y]!, false);
      }
      const reached = layer;
      layer = next;
      next = reached;
      size = nextSize;
    }
    return conflict;
  }

  /**
   * Lists in `next` (marking them in `down`) the children of the `size` nodes of `layer` along edges labelled
   * `value` (any when -1); returns how many. With `untilFree`, stops at the first child costing 0 (all the
   * caller then needs to know), unmarks what it listed and returns -1.
   */
  private expandReached(layer: Int32Array, size: number, next: Int32Array, value: number, untilFree: boolean): number {
    const { edgeStart, edgeLabel, edgeChild } = this.mdd;
    const down = this.down;
    const costs = this.costs;
    let nextSize = 0;
    for (let i = 0; i < size; i += 1) {
      const node = layer[i]!;
      // A node with no path taking `x = v` leads only to such nodes, which never cost 0.
      if (costs[node]! >= UNREACHABLE) continue;
      const last = edgeStart[node + 1]!;
      for (let e = edgeStart[node]!; e < last; e += 1) {
        if (value >= 0 && edgeLabel[e] !== value) continue;
        const child = edgeChild[e]!;
        if (down[child] === 1) continue;
        down[child] = 1;
        next[nextSize] = child;
        nextSize += 1;
        if (untilFree && costs[child] === 0) {
          for (let j = 0; j < nextSize; j += 1) down[next[j]!] = 0;
          return -1;
        }
      }
    }
    return nextSize;
  }

  /** The configuration along a cheapest path of {@link markCosts} (the first cheapest edge at every node). */
  private cheapestPath(assign: Int32Array, x: number, v: number): Int32Array {
    const { order, edgeStart, edgeLabel, edgeChild } = this.mdd;
    const costs = this.costs;
    const configuration = new Int32Array(order.length);
    let node = 0;
    for (let k = 0; k < order.length; k += 1) {
      const y = order[k]!;
      const target = y === x ? v : assign[y]!;
      const penalty = edgePenalty(y === x, target);
      const last = edgeStart[node + 1]!;
      let e = edgeStart[node]!;
      while (e < last - 1 && costs[edgeChild[e]!]! + (edgeLabel[e] === target ? 0 : penalty) !== costs[node]) e += 1;
      configuration[order[k]!] = edgeLabel[e]!;
      node = edgeChild[e]!;
    }
    return configuration;
  }
}
