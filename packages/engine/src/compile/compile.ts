import type { Mdd } from '../diagram/mdd';
import { mddBytes } from '../diagram/mdd';
import { prepareExplanations } from '../explanation/explain';
import { EngineError } from '../model/errors';
import type { ProductModel } from '../model/model';
import { type FiniteProblem, type FiniteTable, toProblem } from '../problem/problem';
import { MddReasoner } from '../reasoning/mdd-reasoner';
import { SearchReasoner } from '../reasoning/search-reasoner';
import { buildAutomaton } from './automaton';
import type { CompiledDiagram, CompiledModel, CompileOptions } from './compiled-model';
import { type ApplyBudget, BudgetSpent, conjoin, tableDiagram } from './mdd-apply';
import { exportMdd } from './mdd-export';
import { NodeStore } from './node-store';
import { candidateOrders } from './order';
import { lowerRules } from './rules';
import { siftMdd } from './sift';

export type { CompiledDiagram, CompiledModel, CompileOptions, CompileStats } from './compiled-model';
export { DIAGRAM_FORMAT } from './compiled-model';

const domainSizesOf = (problem: FiniteProblem): Int32Array =>
  Int32Array.from(problem.domains, (domain) => domain.length);

/** The diagram of every configuration (a model without constraints), as its node id at every layer. */
const trueChain = (store: NodeStore, order: Int32Array, domainSizes: Int32Array): Int32Array => {
  const ids = new Int32Array(order.length + 1);
  let node = store.terminal;
  ids[order.length] = node;
  for (let k = order.length - 1; k >= 0; k -= 1) {
    node = store.make(k, new Int32Array(domainSizes[order[k] ?? 0] ?? 0).fill(node));
    ids[k] = node;
  }
  return ids;
};

/** Builds the diagram of every table for one variable order and conjoins them; throws BudgetSpent. */
const compileForOrder = (
  problem: FiniteProblem,
  order: Int32Array,
  budget: ApplyBudget,
): { mdd: Mdd; storeNodes: number } => {
  const domainSizes = domainSizesOf(problem);
  const position = new Int32Array(order.length);
  order.forEach((x, k) => {
    position[x] = k;
  });
  const store = new NodeStore(Int32Array.from(order, (x) => domainSizes[x] ?? 0));
  const trueAt = trueChain(store, order, domainSizes);
  const tables = problem.tables.map((table) => {
    const automaton = buildAutomaton(table, position, domainSizes);
    const first = Math.min(...Array.from(table.scope, (x) => position[x] ?? 0));
    if (store.size > budget.maxNodes || budget.now() > budget.deadline) throw new BudgetSpent();
    return { root: tableDiagram(store, automaton, order, domainSizes, budget), first };
  });
  // Conjoin from the bottom up, one table at a time: the running result is the conjunction of every table below
  // a cut, so above that cut it is a single chain and the walk of each step stays within the new table's span
  // (the pair with the all-true chain ends it). A balanced tree instead built conjunctions of tables far apart
  // in the order, whose products blew up on larger instances.
  tables.sort((a, b) => b.first - a.first);
  let root = trueAt[0] ?? store.terminal;
  let done = 0;
  try {
    for (const table of tables) {
      root = conjoin(store, root, table.root, budget, trueAt);
      done += 1;
    }
  } catch (error) {
    throw error instanceof BudgetSpent ? new BudgetSpent(done / tables.length) : error;
  }
  return { mdd: exportMdd(store, root, order), storeNodes: store.size };
};

const totalFitsDoubles = (mdd: Mdd): boolean => {
  const counts = new Float64Array(mdd.nodeCount);
  counts[mdd.nodeCount - 1] = 1;
  for (let node = mdd.nodeCount - 2; node >= 0; node -= 1) {
    let sum = 0;
    for (let e = mdd.edgeStart[node] ?? 0; e < (mdd.edgeStart[node + 1] ?? 0); e += 1) {
      sum += counts[mdd.edgeChild[e] ?? 0] ?? 0;
    }
    counts[node] = sum;
  }
  return (counts[0] ?? 0) < 2 ** 53;
};

const explicitOrder = (problem: FiniteProblem, optionIds: readonly string[]): Int32Array => {
  const listed = optionIds.map((id) => problem.varIndex.get(id)).filter((x): x is number => x !== undefined);
  const rest = problem.optionIds.map((_, x) => x).filter((x) => !listed.includes(x));
  return Int32Array.from(new Set([...listed, ...rest]));
};

/** Store nodes of the first round of {@link raceOrientations}; each further round allows four times more. */
const FIRST_RACE_NODES = 250_000;

/**
 * Compiles the best-ranked order or its reverse, whichever fits first, by rounds of growing node caps. The width
 * estimate cannot tell an order from its reverse and the orientation rule (large domains low) is only a
 * tendency: on a generated 300-variable instance the sweep order took 21 s one way and 1.8 s the other; on
 * Megane the rule's orientation is the better one. A round costs at most twice its cap, so a wrong orientation
 * costs at most about as much as the right one. After a round where neither fits, the orientation that conjoined
 * more of its tables goes first (`leader`): on Renault big the reverse gets further at the first cap and is the only
 * one that fits the next, so the other's attempt there is saved.
 */
const raceOrientations = (
  problem: FiniteProblem,
  order: Int32Array,
  budget: ApplyBudget,
  firstCap = FIRST_RACE_NODES,
): { result: { mdd: Mdd; storeNodes: number } | null; attempts: number; leader: Int32Array } => {
  let candidates = [order, Int32Array.from(order).reverse()];
  let attempts = 0;
  for (let cap = Math.min(firstCap, budget.maxNodes); ; cap = Math.min(budget.maxNodes, cap * 4)) {
    const progress: number[] = [];
    for (const candidate of candidates) {
      attempts += 1;
      try {
        const result = compileForOrder(problem, candidate, { ...budget, maxNodes: cap });
        return { result, attempts, leader: candidate };
      } catch (error) {
        if (!(error instanceof BudgetSpent)) throw error;
        if (budget.now() > budget.deadline) return { result: null, attempts, leader: order };
        progress.push(error.progress);
      }
    }
    if ((progress[1] ?? 0) > (progress[0] ?? 0)) candidates = [candidates[1] ?? order, candidates[0] ?? order];
    if (cap >= budget.maxNodes) return { result: null, attempts, leader: candidates[0] ?? order };
  }
};

/**
 * Up to this many edges the first order's diagram is kept and no other order is tried: a step over it stays well
 * inside its 2 ms target (Megane's 35k edges before sifting: p99 ~0.25-0.5 ms), while another order costs a whole
 * compile again and, on Megane and the generated instances, never gave a smaller diagram (engine README,
 * "Figures"); sifting then improves the order kept.
 */
const GOOD_ENOUGH_EDGES = 100_000;

/** Sifting's work cap, in row entries its swaps visit per edge of the diagram it starts from. */
const SIFT_CELLS_PER_EDGE = 1_000;

/** Tables in the relaxation whose sifted diagram orders a model too big for the heuristic order's first round. */
const RELAXATION_TABLES = 10;

/** log2 of the share of its scope's combinations a table excludes: how strongly it constrains. */
const excludedBits = (problem: FiniteProblem, table: FiniteTable): number => {
  const spaceLog = Array.from(table.scope).reduce((sum, x) => sum + Math.log2(problem.domains[x]?.length ?? 1), 0);
  const allowedLog = table.isAllowed
    ? Math.log2(table.tupleCount)
    : spaceLog + Math.log2(Math.max(0, 1 - table.tupleCount / 2 ** spaceLog));
  return spaceLog - allowedLog;
};

/**
 * A variable order found by sifting the diagram of a relaxation: the {@link RELAXATION_TABLES} most constraining
 * tables alone, compiled from `order` within the first round's cap. Any order gives the exact diagram, so the
 * relaxation only has to share the structure that makes the full diagram wide; sifting measures real diagram sizes,
 * which the width estimate only bounds (it sees a variable in most tables, as a car model's version, as a wide
 * frontier). The strongest tables' diagram is small, cheap to build and to sift, and the order it sifts to keeps
 * the full conjunction far narrower than the heuristic order does on Renault big. Null when the relaxation does not
 * fit either.
 */
const relaxedOrder = (problem: FiniteProblem, order: Int32Array, budget: ApplyBudget): Int32Array | null => {
  const bits = new Map(problem.tables.map((table) => [table, excludedBits(problem, table)]));
  const tables = [...problem.tables]
    .sort((a, b) => (bits.get(b) ?? 0) - (bits.get(a) ?? 0))
    .slice(0, RELAXATION_TABLES);
  const firstRound = { ...budget, maxNodes: Math.min(FIRST_RACE_NODES, budget.maxNodes) };
  const { result } = raceOrientations({ ...problem, tables }, order, firstRound);
  if (!result) return null;
  const { mdd } = result;
  const siftBudget = { deadline: budget.deadline, now: budget.now, maxCells: SIFT_CELLS_PER_EDGE * mdd.edgeCount };
  return siftMdd(mdd, domainSizesOf(problem), siftBudget).order;
};

/**
 * The first order's race: when neither orientation fits the first round's cap the model is big, and the rest of
 * the race runs in the order of {@link relaxedOrder} instead (on the heuristic order when the relaxation does not
 * fit), from the next round's cap. A model that fits the first round (Megane, the generated instances) compiles
 * exactly as before.
 */
const raceFirstOrder = (problem: FiniteProblem, order: Int32Array, budget: ApplyBudget) => {
  const firstRound = { ...budget, maxNodes: Math.min(FIRST_RACE_NODES, budget.maxNodes) };
  const first = raceOrientations(problem, order, firstRound);
  if (first.result || budget.maxNodes <= FIRST_RACE_NODES || budget.now() > budget.deadline) return first;
  // Sifting keeps much of the orientation it starts from, so the relaxation starts from the orientation that got
  // further and the order it sifts to is tried as it comes first.
  const relaxed = relaxedOrder(problem, first.leader, budget);
  const rest = raceOrientations(problem, relaxed ?? first.leader, budget, FIRST_RACE_NODES * 4);
  return { ...rest, attempts: first.attempts + rest.attempts };
};

/** Tries the candidate orders within the budget; returns the smallest diagram and the number of attempts. */
const bestDiagram = (problem: FiniteProblem, options: CompileOptions, started: number) => {
  const now = options.now ?? (() => performance.now());
  const budgetMs = options.budgetMs ?? 10_000;
  const maxNodes = options.maxNodes ?? 4_000_000;
  let best: Mdd | null = null;
  let attempts = 0;
  let firstMs = 0;
  let firstNodes = maxNodes;
  if (budgetMs <= 0) return { best, attempts, unsiftedEdges: 0 };
  const orders = options.order
    ? [explicitOrder(problem, options.order)]
    : candidateOrders(problem, options.maxOrderAttempts ?? 3);
  for (const [index, order] of orders.entries()) {
    const attemptStart = now();
    if (index === 0 && !options.order) {
      const race = raceFirstOrder(problem, order, { maxNodes, deadline: started + budgetMs, now });
      attempts += race.attempts;
      if (!race.result) break;
      firstMs = now() - attemptStart;
      firstNodes = race.result.storeNodes;
      best = race.result.mdd;
      continue;
    }
    // Another order is only worth it for a big diagram, and only if it is predicted to end within 5% of the
    // budget; it may then spend no more time or nodes than the first attempt did (bad orders blow up).
    if (best && (best.edgeCount <= GOOD_ENOUGH_EDGES || attemptStart - started + firstMs > budgetMs / 20)) break;
    const deadline = best ? Math.min(started + budgetMs, attemptStart + firstMs) : started + budgetMs;
    const nodeCap = best ? Math.min(maxNodes, firstNodes) : maxNodes;
    attempts += 1;
    try {
      const { mdd, storeNodes } = compileForOrder(problem, order, { maxNodes: nodeCap, deadline, now });
      if (!best) {
        firstMs = now() - attemptStart;
        firstNodes = storeNodes;
      }
      if (!best || mdd.edgeCount < best.edgeCount) best = mdd;
    } catch (error) {
      if (!(error instanceof BudgetSpent)) throw error;
    }
  }
  if (!best || options.order || options.sift === false) return { best, attempts, unsiftedEdges: best?.edgeCount ?? 0 };
  // Every step and explanation is a linear pass over the edges, and sifting leaves 2.5 times fewer on Megane.
  // Its work is capped by the diagram's size, not by time, so every machine and every server instance gets the
  // same diagram (so the same tie-breaks in explanations); 1,000 row entries per edge let it finish on Megane and
  // every generated instance (engine README, "Figures"). The budget still bounds it.
  const maxCells = SIFT_CELLS_PER_EDGE * best.edgeCount;
  const sifted = siftMdd(best, domainSizesOf(problem), { deadline: started + budgetMs, now, maxCells });
  return { best: sifted, attempts, unsiftedEdges: best.edgeCount };
};

const problemOf = (model: ProductModel, options: CompileOptions): FiniteProblem =>
  toProblem(model, [...lowerRules(model, options.lowerRule), ...(options.extraTables ?? [])]);

/**
 * The expensive part of {@link compileModel} on its own: the diagram of the model's finite part, as plain data
 * (typed arrays and numbers) that a worker thread can make and move to another thread, where `compileModel(model,
 * { ...options, diagram })` assembles the compiled model without compiling again. `options` must be the ones that
 * `compileModel` gets (the tables, so the variables, depend on them).
 */
export const compileDiagram = (model: ProductModel, options: CompileOptions = {}): CompiledDiagram => {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const { best, attempts, unsiftedEdges } = bestDiagram(problemOf(model, options), options, started);
  return { mdd: best, orderAttempts: attempts, unsiftedEdges, compileMs: now() - started };
};

/** Refuses a diagram made for another model or other options: its layers must test this problem's variables. */
const checkDiagramFits = (diagram: CompiledDiagram, problem: FiniteProblem): void => {
  const mdd = diagram.mdd;
  if (!mdd) return;
  const n = problem.optionIds.length;
  const tested = new Set(mdd.order);
  if (mdd.order.length !== n || tested.size !== n || [...tested].some((x) => x < 0 || x >= n)) {
    throw new EngineError('INVALID_MODEL', 'The given diagram was compiled from another model or other options');
  }
};

/**
 * Compiles the finite part of a model (single/boolean options, table constraints, rules lowered to tables) into a
 * reduced multi-valued decision diagram, or takes the one `options.diagram` gives ({@link compileDiagram}). When no
 * variable order fits `budgetMs`/`maxNodes`, the compiled model falls back to a search-based reasoner and says so
 * with `guarantee: 'incomplete'`. Never hangs past the budget.
 */
export const compileModel = (model: ProductModel, options: CompileOptions = {}): CompiledModel => {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const problem = problemOf(model, options);
  const given = options.diagram;
  if (given) checkDiagramFits(given, problem);
  const { best, attempts, unsiftedEdges } = given
    ? { best: given.mdd, attempts: given.orderAttempts, unsiftedEdges: given.unsiftedEdges }
    : bestDiagram(problem, options, started);
  // Explanations' row indexes are built here, once, so that the first explanation does not pay for them.
  prepareExplanations(problem);
  const compileMs = (given?.compileMs ?? 0) + now() - started;
  if (!best) {
    const stats = { compileMs, nodes: 0, edges: 0, unsiftedEdges, bytes: 0, orderAttempts: attempts };
    const reasoner = new SearchReasoner(problem, options.searchNodeBudget ?? 200_000);
    return { model, problem, guarantee: 'incomplete', reasoner, mdd: null, stats };
  }
  const reasoner = new MddReasoner(best, problem.valueOffset, totalFitsDoubles(best));
  const stats = {
    compileMs,
    nodes: best.nodeCount,
    edges: best.edgeCount,
    unsiftedEdges,
    bytes: mddBytes(best),
    orderAttempts: attempts,
  };
  return { model, problem, guarantee: 'complete', reasoner, mdd: best, stats };
};
