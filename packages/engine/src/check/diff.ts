import type { Mdd } from '../diagram/mdd';
import { isEmptyMdd } from '../diagram/mdd';
import { EngineError } from '../model/errors';
import { domainOf, type ProductModel } from '../model/model';
import { type CompiledProduct, compileModel, defaultParams } from '../product/product-compile';
import type { CheckConfiguration } from './types';

/** How one value's availability differs between two versions. */
export type ValueChange = {
  readonly option: string;
  readonly value: string;
  /** `added`/`removed`: the value exists in one version only; the others: it exists in both. */
  readonly change: 'added' | 'removed' | 'now-available' | 'no-longer-available';
};

/** What {@link diffModels} answers. */
export type ModelDiff = {
  /** Finite (single and boolean) options in both versions, of the same kind: the configurations compared. */
  readonly sharedOptions: readonly string[];
  /** Options only the new version has (projected out: a configuration counts once whatever they are). */
  readonly addedOptions: readonly string[];
  /** Options only the old version has (projected out likewise). */
  readonly removedOptions: readonly string[];
  /** Number and text options and options whose kind changed: not compared. */
  readonly notCompared: readonly string[];
  /** Combinations of the shared options valid in the old version, and in the new, exact. */
  readonly fromCount: bigint;
  readonly toCount: bigint;
  /** Combinations of the shared options valid in the new version and not in the old, and the reverse, exact. */
  readonly gained: bigint;
  readonly lost: bigint;
  readonly gainedExample?: CheckConfiguration;
  readonly lostExample?: CheckConfiguration;
  readonly valueChanges: readonly ValueChange[];
};

/** The core of a model compiled with `options` for its declared param defaults; refused when no diagram fits. */
const coreOf = (model: ProductModel, options: { order?: readonly string[] }) => {
  const compiled: CompiledProduct = compileModel(model, { ...options, budgetMs: 30_000 });
  const core = compiled.variant(defaultParams(model)).core;
  if (!core.mdd) {
    throw new EngineError('BUDGET_EXCEEDED', `model ${model.id} did not compile to a diagram within the budget`);
  }
  return { core, mdd: core.mdd };
};

/** Option ids of a diagram's layers, top first. */
const layerIds = (built: ReturnType<typeof coreOf>): string[] =>
  Array.from(built.mdd.order, (x) => built.core.problem.optionIds[x] ?? '');

/**
 * Both cores with the shared options on the top layers in the same order. The new version is compiled with the
 * heuristics first (a model-order diagram can be far larger: Megane's does not fit the budget); when its shared
 * options are not already on top, again with them lifted in the order found; the old version takes that order.
 */
const alignedCores = (from: ProductModel, to: ProductModel, shared: readonly string[]) => {
  let toCore = coreOf(to, {});
  const isShared = new Set(shared);
  const sharedOrder = layerIds(toCore).filter((id) => isShared.has(id));
  if (
    !layerIds(toCore)
      .slice(0, shared.length)
      .every((id) => isShared.has(id))
  ) {
    toCore = coreOf(to, { order: [...sharedOrder, ...layerIds(toCore).filter((id) => !isShared.has(id))] });
  }
  return { toCore, fromCore: coreOf(from, { order: sharedOrder }), sharedOrder };
};

/** Paths from each node of the top `depth` layers down to layer `depth` (every node there reaches the terminal). */
const topCounts = (mdd: Mdd, depth: number): bigint[] => {
  const counts: bigint[] = new Array(mdd.nodeCount).fill(0n);
  if (isEmptyMdd(mdd)) return counts;
  const end = mdd.layerStart[depth] ?? mdd.nodeCount;
  for (let node = end; node < mdd.nodeCount; node += 1) counts[node] = 1n;
  for (let node = end - 1; node >= 0; node -= 1) {
    let sum = 0n;
    for (let e = mdd.edgeStart[node] ?? 0; e < (mdd.edgeStart[node + 1] ?? 0); e += 1) {
      sum += counts[mdd.edgeChild[e] ?? 0] ?? 0n;
    }
    counts[node] = sum;
  }
  return counts;
};

type Side = { mdd: Mdd; domains: readonly (readonly string[])[]; counts: bigint[] };

/**
 * Combinations of the shared options (the top `depth` layers of both diagrams, same options in the same order)
 * that `a` has and `b` has not, matched by value label; with one of them. A product walk with memoised counts.
 */
const difference = (a: Side, b: Side, depth: number, optionIds: readonly string[]) => {
  const memo = new Map<number, bigint>();
  const empty = isEmptyMdd(a.mdd);
  const labelEdge = (side: Side, node: number, label: string): number => {
    if (node < 0 || isEmptyMdd(side.mdd)) return -1;
    const k = layerOf(side.mdd, node);
    const v = side.domains[side.mdd.order[k] ?? 0]?.indexOf(label) ?? -1;
    if (v < 0) return -1;
    for (let e = side.mdd.edgeStart[node] ?? 0; e < (side.mdd.edgeStart[node + 1] ?? 0); e += 1) {
      if (side.mdd.edgeLabel[e] === v) return side.mdd.edgeChild[e] ?? -1;
    }
    return -1;
  };
  const count = (k: number, x: number, y: number): bigint => {
    if (y < 0) return a.counts[x] ?? 0n;
    if (k === depth) return 0n;
    const key = x * (b.mdd.nodeCount + 1) + y;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let sum = 0n;
    for (let e = a.mdd.edgeStart[x] ?? 0; e < (a.mdd.edgeStart[x + 1] ?? 0); e += 1) {
      const label = a.domains[a.mdd.order[k] ?? 0]?.[a.mdd.edgeLabel[e] ?? 0] ?? '';
      sum += count(k + 1, a.mdd.edgeChild[e] ?? 0, labelEdge(b, y, label));
    }
    memo.set(key, sum);
    return sum;
  };
  if (empty) return { total: 0n, example: undefined };
  const total = count(0, 0, 0);
  if (total === 0n) return { total, example: undefined };
  const example: Record<string, string> = {};
  let x = 0;
  let y = 0;
  for (let k = 0; k < depth; k += 1) {
    for (let e = a.mdd.edgeStart[x] ?? 0; e < (a.mdd.edgeStart[x + 1] ?? 0); e += 1) {
      const label = a.domains[a.mdd.order[k] ?? 0]?.[a.mdd.edgeLabel[e] ?? 0] ?? '';
      const childY = labelEdge(b, y, label);
      const child = a.mdd.edgeChild[e] ?? 0;
      if (count(k + 1, child, childY) === 0n) continue;
      example[optionIds[k] ?? ''] = label;
      x = child;
      y = childY;
      break;
    }
    if (y < 0) {
      // Below here the other version has nothing: any path of this one completes the example.
      for (let j = k + 1; j < depth; j += 1) {
        const e = a.mdd.edgeStart[x] ?? 0;
        example[optionIds[j] ?? ''] = a.domains[a.mdd.order[j] ?? 0]?.[a.mdd.edgeLabel[e] ?? 0] ?? '';
        x = a.mdd.edgeChild[e] ?? 0;
      }
      break;
    }
  }
  return { total, example };
};

const layerOf = (mdd: Mdd, node: number): number => {
  let lo = 0;
  let hi = mdd.order.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((mdd.layerStart[mid] ?? 0) <= node) lo = mid;
    else hi = mid - 1;
  }
  return lo;
};

const liveValues = (core: ReturnType<typeof coreOf>['core']): Set<string> => {
  const { problem } = core;
  const out = new Uint8Array(problem.valueOffset[problem.optionIds.length] ?? 0);
  core.reasoner.supports(new Int32Array(problem.optionIds.length).fill(-1), out);
  const live = new Set<string>();
  problem.optionIds.forEach((id, x) => {
    problem.domains[x]?.forEach((value, v) => {
      if (out[(problem.valueOffset[x] ?? 0) + v]) live.add(`${id}\u0000${value}`);
    });
  });
  return live;
};

/**
 * Compares two versions of a model exactly: the combinations of their shared finite options valid in one and not
 * the other (counted on the diagrams, BigInt), an example of each, and the values that appeared, disappeared,
 * became available or stopped being so. Options only one version has are projected out (a combination of the
 * shared options counts if some value of them makes it valid); number and text options are not compared. Both
 * versions are compiled with the shared options on top, in the same order, so the comparison is one product walk.
 */
export const diffModels = (from: ProductModel, to: ProductModel): ModelDiff => {
  const finite = (model: ProductModel) =>
    new Map(model.options.filter((o) => o.kind === 'single' || o.kind === 'boolean').map((o) => [o.id, o]));
  const fromFinite = finite(from);
  const toFinite = finite(to);
  const sharedOptions = [...toFinite.keys()].filter((id) => fromFinite.get(id)?.kind === toFinite.get(id)?.kind);
  const fromIds = new Set(from.options.map((o) => o.id));
  const toIds = new Set(to.options.map((o) => o.id));
  const addedOptions = to.options.filter((o) => !fromIds.has(o.id)).map((o) => o.id);
  const removedOptions = from.options.filter((o) => !toIds.has(o.id)).map((o) => o.id);
  const notCompared = to.options.filter((o) => fromIds.has(o.id) && !sharedOptions.includes(o.id)).map((o) => o.id);
  const depth = sharedOptions.length;
  const { toCore: a, fromCore: b, sharedOrder } = alignedCores(from, to, sharedOptions);
  const sideOf = (built: ReturnType<typeof coreOf>): Side => ({
    mdd: built.mdd,
    domains: built.core.problem.domains,
    counts: topCounts(built.mdd, depth),
  });
  const toSide = sideOf(a);
  const fromSide = sideOf(b);
  const gained = difference(toSide, fromSide, depth, sharedOrder);
  const lost = difference(fromSide, toSide, depth, sharedOrder);
  const asConfiguration = (example: Record<string, string> | undefined): CheckConfiguration | undefined =>
    example
      ? Object.fromEntries(
          Object.entries(example).map(([id, label]) => [
            id,
            toFinite.get(id)?.kind === 'boolean' ? label === 'True' : label,
          ]),
        )
      : undefined;
  const fromLive = liveValues(b.core);
  const toLive = liveValues(a.core);
  const valueChanges: ValueChange[] = [];
  for (const id of sharedOptions) {
    const before = domainOf(fromFinite.get(id) as NonNullable<ReturnType<typeof fromFinite.get>>);
    const after = domainOf(toFinite.get(id) as NonNullable<ReturnType<typeof toFinite.get>>);
    for (const value of after) {
      const key = `${id}\u0000${value}`;
      if (!before.includes(value)) valueChanges.push({ option: id, value, change: 'added' });
      else if (toLive.has(key) && !fromLive.has(key)) valueChanges.push({ option: id, value, change: 'now-available' });
      else if (!toLive.has(key) && fromLive.has(key)) {
        valueChanges.push({ option: id, value, change: 'no-longer-available' });
      }
    }
    for (const value of before) if (!after.includes(value)) valueChanges.push({ option: id, value, change: 'removed' });
  }
  const gainedExample = asConfiguration(gained.example);
  const lostExample = asConfiguration(lost.example);
  return {
    sharedOptions,
    addedOptions,
    removedOptions,
    notCompared,
    fromCount: depth === 0 && !isEmptyMdd(b.mdd) ? 1n : (fromSide.counts[0] ?? 0n),
    toCount: depth === 0 && !isEmptyMdd(a.mdd) ? 1n : (toSide.counts[0] ?? 0n),
    gained: gained.total,
    lost: lost.total,
    ...(gainedExample ? { gainedExample } : {}),
    ...(lostExample ? { lostExample } : {}),
    valueChanges,
  };
};
