import type { FiniteProblem } from '../problem/problem';

/** What the ordering heuristics look at: the constraint hypergraph with size information. */
type Graph = {
  readonly n: number;
  readonly scopes: readonly Int32Array[];
  readonly tupleLog: Float64Array;
  readonly domainLog: Float64Array;
  /** Constraints of each variable. */
  readonly incidence: readonly number[][];
};

const toGraph = (problem: FiniteProblem): Graph => {
  const n = problem.domains.length;
  const incidence: number[][] = Array.from({ length: n }, () => []);
  problem.tables.forEach((table, c) => {
    for (const x of table.scope) incidence[x]?.push(c);
  });
  return {
    n,
    scopes: problem.tables.map((table) => table.scope),
    tupleLog: Float64Array.from(problem.tables, (table) => Math.log2(table.tupleCount + 1)),
    domainLog: Float64Array.from(problem.domains, (domain) => Math.log2(Math.max(1, domain.length))),
    incidence,
  };
};

/** log2 of a bound on the states a constraint can be in when `placedLog`/`restLog` of its scope are decided/not. */
const stateLog = (graph: Graph, c: number, placedLog: number, restLog: number): number =>
  Math.min(placedLog, restLog, graph.tupleLog[c] ?? 0);

/**
 * Estimated log2 width of the diagram at each cut of `order`: the sum over straddling constraints of a bound on
 * their number of states. Returns the maximum and a smooth total (log2 of the sum of 2^width).
 */
export const estimateOrder = (problem: FiniteProblem, order: Int32Array): { maxLog: number; totalLog: number } =>
  estimateWith(toGraph(problem), order);

const estimateWith = (graph: Graph, order: Int32Array): { maxLog: number; totalLog: number } => {
  const placedLog = new Float64Array(graph.scopes.length);
  const restLog = Float64Array.from(graph.scopes, (scope) =>
    scope.reduce((sum, x) => sum + (graph.domainLog[x] ?? 0), 0),
  );
  let width = 0;
  let maxLog = 0;
  let total = 0;
  for (const x of order) {
    for (const c of graph.incidence[x] ?? []) {
      width -= stateLog(graph, c, placedLog[c] ?? 0, restLog[c] ?? 0);
      placedLog[c] = (placedLog[c] ?? 0) + (graph.domainLog[x] ?? 0);
      restLog[c] = (restLog[c] ?? 0) - (graph.domainLog[x] ?? 0);
      width += stateLog(graph, c, placedLog[c] ?? 0, restLog[c] ?? 0);
    }
    maxLog = Math.max(maxLog, width);
    total += 2 ** Math.min(width, 1000);
  }
  return { maxLog, totalLog: Math.log2(total + 1) };
};

/** Greedy: repeatedly place the variable that keeps the estimated frontier smallest (ties: most constrained). */
const greedyFrontierOrder = (graph: Graph, start: number): Int32Array => {
  const placedLog = new Float64Array(graph.scopes.length);
  const restLog = Float64Array.from(graph.scopes, (scope) =>
    scope.reduce((sum, x) => sum + (graph.domainLog[x] ?? 0), 0),
  );
  const isPlaced = new Uint8Array(graph.n);
  const order: number[] = [];
  const delta = (x: number) => {
    let change = 0;
    for (const c of graph.incidence[x] ?? []) {
      const p = placedLog[c] ?? 0;
      const r = restLog[c] ?? 0;
      const d = graph.domainLog[x] ?? 0;
      change += stateLog(graph, c, p + d, r - d) - stateLog(graph, c, p, r);
    }
    return change;
  };
  let next = start;
  while (order.length < graph.n) {
    order.push(next);
    isPlaced[next] = 1;
    for (const c of graph.incidence[next] ?? []) {
      placedLog[c] = (placedLog[c] ?? 0) + (graph.domainLog[next] ?? 0);
      restLog[c] = (restLog[c] ?? 0) - (graph.domainLog[next] ?? 0);
    }
    let best = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let x = 0; x < graph.n; x += 1) {
      if (isPlaced[x]) continue;
      const score = delta(x) - 1e-6 * (graph.incidence[x]?.length ?? 0);
      if (score < bestScore) {
        bestScore = score;
        best = x;
      }
    }
    if (best < 0) break;
    next = best;
  }
  return Int32Array.from(order);
};

/** FORCE (Aloul et al.): move each variable to the mean centre of gravity of its constraints, a few rounds. */
const forceOrder = (graph: Graph, initial: Int32Array, rounds = 20): Int32Array => {
  let order = initial;
  const position = new Float64Array(graph.n);
  for (let round = 0; round < rounds; round += 1) {
    order.forEach((x, k) => {
      position[x] = k;
    });
    const centre = graph.scopes.map((scope) => scope.reduce((sum, x) => sum + (position[x] ?? 0), 0) / scope.length);
    const target = Float64Array.from({ length: graph.n }, (_, x) => {
      const constraints = graph.incidence[x] ?? [];
      if (constraints.length === 0) return position[x] ?? 0;
      return constraints.reduce((sum, c) => sum + (centre[c] ?? 0), 0) / constraints.length;
    });
    order = Int32Array.from(order).sort((a, b) => (target[a] ?? 0) - (target[b] ?? 0) || a - b);
  }
  return order;
};

/** Breadth-first distances from `start` over shared constraints (-1 where unreachable). */
const distancesFrom = (graph: Graph, start: number): Int32Array => {
  const distance = new Int32Array(graph.n).fill(-1);
  const queue = [start];
  distance[start] = 0;
  for (let head = 0; head < queue.length; head += 1) {
    const x = queue[head] ?? 0;
    for (const c of graph.incidence[x] ?? []) {
      for (const y of graph.scopes[c] ?? []) {
        if ((distance[y] ?? 0) >= 0) continue;
        distance[y] = (distance[x] ?? 0) + 1;
        queue.push(y);
      }
    }
  }
  return distance;
};

/**
 * A pseudo-peripheral variable (the far end of repeated breadth-first searches, as in Cuthill-McKee): starting
 * the greedy order there sweeps a long, band-like constraint graph from one end instead of growing a frontier on
 * both sides of a middle variable, which doubled the frontier on generated car-like instances.
 */
const peripheralVariable = (graph: Graph, start: number): number => {
  let current = start;
  let eccentricity = -1;
  for (let round = 0; round < 4; round += 1) {
    const distance = distancesFrom(graph, current);
    let far = current;
    for (let x = 0; x < graph.n; x += 1) if ((distance[x] ?? -1) > (distance[far] ?? -1)) far = x;
    if ((distance[far] ?? 0) <= eccentricity) break;
    eccentricity = distance[far] ?? 0;
    current = far;
  }
  return current;
};

/** Variables by breadth-first distance from `start` (unreachable ones last, in index order): a band's sweep. */
const breadthFirstOrder = (graph: Graph, start: number): Int32Array => {
  const distance = distancesFrom(graph, start);
  const unreachable = graph.n;
  return Int32Array.from({ length: graph.n }, (_, x) => x).sort(
    (a, b) =>
      ((distance[a] ?? -1) < 0 ? unreachable : (distance[a] ?? 0)) -
        ((distance[b] ?? -1) < 0 ? unreachable : (distance[b] ?? 0)) || a - b,
  );
};

/** How deep the large domains sit in an order: the sum of log-domain times layer. */
const domainDepth = (graph: Graph, order: Int32Array): number =>
  order.reduce((sum, x, k) => sum + (graph.domainLog[x] ?? 0) * k, 0);

/** Candidate variable orders from several heuristics, best estimated first (see {@link estimateOrder}). */
export const candidateOrders = (problem: FiniteProblem, maxCandidates = 4): Int32Array[] => {
  const graph = toGraph(problem);
  const identity = Int32Array.from({ length: graph.n }, (_, x) => x);
  const byDegree = [...identity].sort((a, b) => (graph.incidence[b]?.length ?? 0) - (graph.incidence[a]?.length ?? 0));
  const peripheral = graph.n > 0 ? peripheralVariable(graph, byDegree[0] ?? 0) : 0;
  const starts = [...new Set([byDegree[0] ?? 0, byDegree[graph.n - 1] ?? 0, 0])].slice(0, graph.n);
  const candidates: Int32Array[] = [identity];
  for (const start of starts) {
    const greedy = greedyFrontierOrder(graph, start);
    candidates.push(greedy, forceOrder(graph, greedy));
  }
  candidates.push(forceOrder(graph, identity));
  // The width estimate cannot tell an order from its reverse; measured on Megane, putting large domains low
  // (near the terminal) more often gives the smaller diagram, so that orientation is chosen.
  const orient = (order: Int32Array) => {
    const reversed = Int32Array.from(order).reverse();
    return domainDepth(graph, reversed) > domainDepth(graph, order) ? reversed : order;
  };
  const score = (order: Int32Array) => ({ order, score: estimateWith(graph, order) });
  const scored = candidates.map((order) => score(orient(order)));
  scored.sort((a, b) => a.score.totalLog - b.score.totalLog);
  // The breadth-first sweep from a peripheral variable (and its FORCE refinement) finds band-like structure the
  // greedy misses (generated 268-variable instances: estimate 57 bits against 102). The estimate is a loose
  // bound, so a sweep goes first only when it is clearly better (5%); otherwise it comes after the others (on
  // Megane the estimates differ by 1% and the greedy's order gives the smaller diagram, 23k nodes against 29k).
  const sweep = breadthFirstOrder(graph, peripheral);
  const sweeps = [sweep, forceOrder(graph, sweep)].map((order) => score(orient(order)));
  sweeps.sort((a, b) => a.score.totalLog - b.score.totalLog);
  const bestOther = scored[0]?.score.totalLog ?? Number.POSITIVE_INFINITY;
  const isClearlyBetter = (sweeps[0]?.score.totalLog ?? Number.POSITIVE_INFINITY) < 0.95 * bestOther;
  const ranked = isClearlyBetter ? [...sweeps, ...scored] : [...scored.slice(0, maxCandidates - 1), ...sweeps];
  return ranked.slice(0, maxCandidates).map((entry) => entry.order);
};
