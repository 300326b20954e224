import type { Mdd } from './mdd';
import type { Reasoner } from './reasoner';

const UNREACHABLE = 0x3fffffff;

/** Exact reasoner over a compiled {@link Mdd}: every query is one or two linear passes over the edge arrays. */
export class MddReasoner implements Reasoner {
  readonly guarantee = 'complete' as const;
  private readonly mdd: Mdd;
  private readonly valueOffset: Int32Array;
  private readonly up: Uint8Array;
  private readonly down: Uint8Array;
  private readonly counts: Float64Array;
  private readonly costs: Int32Array;
  private readonly isExactInDoubles: boolean;

  constructor(mdd: Mdd, valueOffset: Int32Array, isExactInDoubles: boolean) {
    this.mdd = mdd;
    this.valueOffset = valueOffset;
    this.up = new Uint8Array(mdd.nodeCount);
    this.down = new Uint8Array(mdd.nodeCount);
    this.counts = new Float64Array(mdd.nodeCount);
    this.costs = new Int32Array(mdd.nodeCount);
    this.isExactInDoubles = isExactInDoubles;
  }

  /** Marks in `up` the nodes from which the terminal is reachable under `assign`; returns the root's mark. */
  private markUp(assign: Int32Array): boolean {
    const { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount } = this.mdd;
    const up = this.up;
    // Every node of the diagram reaches the terminal, so below the deepest chosen layer all marks are 1.
    let deepest = -1;
    for (let k = order.length - 1; k >= 0 && deepest < 0; k -= 1) if (assign[order[k]!]! >= 0) deepest = k;
    up.fill(1, layerStart[deepest + 1]!, nodeCount);
    for (let k = deepest; k >= 0; k -= 1) {
      const value = assign[order[k]!]!;
      const end = layerStart[k + 1]!;
      for (let node = layerStart[k]!; node < end; node += 1) {
        let mark = 0;
        const last = edgeStart[node + 1]!;
        for (let e = edgeStart[node]!; e < last; e += 1) {
          if ((value < 0 || edgeLabel[e] === value) && up[edgeChild[e]!] === 1) {
            mark = 1;
            break;
          }
        }
        up[node] = mark;
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
        for (let e = edgeStart[node]!; e < last; e += 1) {
          const child = edgeChild[e]!;
          const label = edgeLabel[e]!;
          out[offset + label]! |= up[child]!;
          if (value < 0 || label === value) down[child] = 1;
        }
      }
    }
  }

  /**
   * A minimal subset of the choices `candidates` (entries -1 are not candidates) that is infeasible together with
   * `base` (dropping any one of it makes it feasible), or null when `base` with all candidates is feasible.
   * Linear progression in diagram order, two passes per member: a forward pass under `base` alone and a backward
   * pass under `base` and the candidates give, for every layer `k`, whether `base` with the candidates at layers
   * >= `k` is feasible (some node of layer `k` is reached from the root and reaches the terminal). The deepest
   * layer where it turns infeasible holds a member; it joins `base` and only the deeper candidates stay.
   */
  minimalConflict(base: Int32Array, candidates: Int32Array): number[] | null {
    const { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount } = this.mdd;
    const layers = order.length;
    const up = this.up;
    const down = this.down;
    const fixed = new Int32Array(layers);
    const extra = new Int32Array(layers);
    for (let k = 0; k < layers; k += 1) {
      fixed[k] = base[order[k]!]!;
      extra[k] = candidates[order[k]!]!;
    }
    const conflict: number[] = [];
    let top = -1; // candidates must lie strictly below layer `top`
    for (;;) {
      // Forward under `fixed` alone, down to the deepest candidate left (and the terminal when none is left).
      let deepest = -1;
      for (let k = layers - 1; k > top && deepest < 0; k -= 1) if (extra[k]! >= 0) deepest = k;
      let baseDeepest = -1;
      for (let k = layers - 1; k >= 0 && baseDeepest < 0; k -= 1) if (fixed[k]! >= 0) baseDeepest = k;
      const forwardEnd = Math.max(deepest, baseDeepest);
      const below = layerStart[forwardEnd + 1]!;
      const belowEnd = forwardEnd + 1 < layers ? layerStart[forwardEnd + 2]! : nodeCount;
      down.fill(0, 0, belowEnd);
      down[0] = 1;
      for (let k = 0; k <= forwardEnd; k += 1) {
        const value = fixed[k]!;
        const end = layerStart[k + 1]!;
        let any = 0;
        for (let node = layerStart[k]!; node < end; node += 1) {
          if (down[node] === 0) continue;
          any = 1;
          const last = edgeStart[node + 1]!;
          for (let e = edgeStart[node]!; e < last; e += 1)
            if (value < 0 || edgeLabel[e] === value) down[edgeChild[e]!] = 1;
        }
        if (any === 0) break;
      }
      // `base` alone infeasible: the members found so far are the conflict.
      let baseFeasible = false;
      for (let node = below; node < belowEnd && !baseFeasible; node += 1) if (down[node] === 1) baseFeasible = true;
      if (!baseFeasible) return conflict;
      if (deepest < 0) return conflict.length === 0 ? null : conflict;
      // Backward under `fixed` and the candidates from the deepest one up; the first layer holding a candidate at
      // which nothing reached also reaches the terminal is the deepest place the set turns infeasible.
      const lowest = Math.max(deepest, baseDeepest);
      up.fill(1, layerStart[lowest + 1]!, nodeCount);
      let found = -1;
      for (let k = lowest; k > top && found < 0; k -= 1) {
        const value = fixed[k]! >= 0 ? fixed[k]! : extra[k]!;
        const end = layerStart[k + 1]!;
        let meets = false;
        for (let node = layerStart[k]!; node < end; node += 1) {
          let mark = 0;
          const last = edgeStart[node + 1]!;
          for (let e = edgeStart[node]!; e < last; e += 1) {
            if ((value < 0 || edgeLabel[e] === value) && up[edgeChild[e]!] === 1) {
              mark = 1;
              break;
            }
          }
          up[node] = mark;
          if (mark === 1 && down[node] === 1) meets = true;
        }
        if (!meets && extra[k]! >= 0 && fixed[k]! < 0) found = k;
        else if (!meets) found = -2; // infeasible without a candidate here: cannot happen, base alone is feasible
      }
      if (found === -2) throw new Error('minimalConflict: inconsistent passes');
      if (found < 0) return conflict.length === 0 ? null : conflict;
      conflict.push(order[found]!);
      fixed[found] = extra[found]!;
      extra[found] = -1;
      top = found;
    }
  }

  isFeasible(assign: Int32Array): boolean {
    return this.markUp(assign);
  }

  count(assign: Int32Array): bigint {
    return this.isExactInDoubles ? BigInt(this.countDoubles(assign)) : this.countBig(assign);
  }

  private countDoubles(assign: Int32Array): number {
    const { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount } = this.mdd;
    const counts = this.counts;
    counts[nodeCount - 1] = 1;
    for (let k = order.length - 1; k >= 0; k -= 1) {
      const value = assign[order[k]!]!;
      const end = layerStart[k + 1]!;
      for (let node = layerStart[k]!; node < end; node += 1) {
        let sum = 0;
        const last = edgeStart[node + 1]!;
        for (let e = edgeStart[node]!; e < last; e += 1) {
          if (value < 0 || edgeLabel[e] === value) sum += counts[edgeChild[e]!]!;
        }
        counts[node] = sum;
      }
    }
    return counts[0]!;
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

  nearest(assign: Int32Array, x: number, v: number): Int32Array | null {
    const { order, layerStart, edgeStart, edgeLabel, edgeChild, nodeCount } = this.mdd;
    const costs = this.costs;
    const edgeCost = (k: number, label: number): number => {
      const y = order[k]!;
      if (y === x) return label === v ? 0 : UNREACHABLE;
      const value = assign[y]!;
      return value >= 0 && value !== label ? 1 : 0;
    };
    costs[nodeCount - 1] = 0;
    for (let k = order.length - 1; k >= 0; k -= 1) {
      for (let node = layerStart[k]!; node < layerStart[k + 1]!; node += 1) {
        let best = UNREACHABLE;
        for (let e = edgeStart[node]!; e < edgeStart[node + 1]!; e += 1) {
          best = Math.min(best, edgeCost(k, edgeLabel[e]!) + costs[edgeChild[e]!]!);
        }
        costs[node] = best;
      }
    }
    if (costs[0]! >= UNREACHABLE) return null;
    const configuration = new Int32Array(order.length);
    let node = 0;
    for (let k = 0; k < order.length; k += 1) {
      let chosen = -1;
      for (let e = edgeStart[node]!; e < edgeStart[node + 1]!; e += 1) {
        const total = edgeCost(k, edgeLabel[e]!) + costs[edgeChild[e]!]!;
        if (total === costs[node]) {
          chosen = e;
          break;
        }
      }
      configuration[order[k]!] = edgeLabel[chosen]!;
      node = edgeChild[chosen]!;
    }
    return configuration;
  }
}
