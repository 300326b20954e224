import type { Mdd } from '../diagram/mdd';
import {
  childrenOf,
  type Environment,
  type ExprNode,
  evaluate,
  evaluateTruth,
  referencedParams,
  type Scalar,
} from '../expr';
import type { ProductModel } from '../model/model';
import type { FiniteProblem } from '../problem/problem';
import type { Interval } from '../product/intervals';
import { type CompiledProduct, defaultParams, type ProductVariant } from '../product/product-compile';
import type { CheckConfiguration, CheckFinding } from './types';
import { completePath } from './walk';

/** Most value combinations one expression check enumerates over the diagram. */
export const MAX_COMBINATIONS = 20_000;

/** Everything the checks share about one compiled variant. */
export type Context = {
  readonly model: ProductModel;
  readonly compiled: CompiledProduct;
  readonly variant: ProductVariant;
  readonly problem: FiniteProblem;
  readonly mdd: Mdd;
  readonly kindOf: ReadonlyMap<string, string>;
  readonly findings: CheckFinding[];
  readonly isOver: () => boolean;
  /** Constraints that read params: the core holds them for the default params only, so they are not judged. */
  readonly readsParams: ReadonlySet<string>;
};

/**
 * The numbers worth trying for a number option in one of its intervals: the closed ends, the ends nudged inside by
 * the option's increment when open, and the sample.
 */
export const pointsOf = (ctx: Context, id: string, interval: Interval): number[] => {
  const increment = ctx.model.options.find((option) => option.id === id)?.range?.increment ?? 1;
  const points = new Set<number>([interval.sample]);
  if (Number.isFinite(interval.lo)) points.add(interval.isLoOpen ? interval.lo + increment : interval.lo);
  if (Number.isFinite(interval.hi)) points.add(interval.isHiOpen ? interval.hi - increment : interval.hi);
  return [...points]
    .filter((n) => n > interval.lo || (!interval.isLoOpen && n === interval.lo))
    .filter((n) => n < interval.hi || (!interval.isHiOpen && n === interval.hi));
};

/** A core assignment (and the numbers chosen for number options) as a readable configuration. */
export const configurationOf = (
  ctx: Context,
  path: Int32Array,
  numbers: ReadonlyMap<string, number>,
): CheckConfiguration => {
  const out: Record<string, string | number | boolean> = {};
  ctx.problem.optionIds.forEach((id, x) => {
    const label = ctx.problem.domains[x]?.[path[x] ?? 0] ?? '';
    const kind = ctx.kindOf.get(id);
    if (kind === 'number') out[id] = numbers.get(id) ?? ctx.variant.numbers.get(id)?.byLabel.get(label)?.sample ?? 0;
    else if (kind === 'boolean') out[id] = label === 'True';
    else out[id] = label;
  });
  return out;
};

/** The environment of a configuration: every finite and number option set, text unknown, params as given. */
export const environmentOf = (
  configuration: CheckConfiguration,
  params: Readonly<Record<string, Scalar>>,
): Environment => ({
  valueOf: (id) => configuration[id] ?? null,
  param: (name) => params[name] ?? null,
});

/** Whether every rule the core could not hold is not false for the configuration (so it is really valid). */
export const passesRuntimeChecks = (ctx: Context, env: Environment): boolean =>
  ctx.variant.runtimeRules.every((rule) => evaluateTruth(rule.expression, env) !== false) &&
  ctx.variant.runtimeBounds.every((bound) => {
    const limit = evaluate(bound.expression, env);
    const n = env.valueOf(bound.optionId);
    if (typeof limit !== 'number' || typeof n !== 'number') return true;
    return bound.which === 'min' ? n >= limit : n <= limit;
  });

/** How a finding names the params it was found with: ' with $a = 1, $b = x', or nothing when none is set. */
export const paramsNote = (params: Readonly<Record<string, Scalar>>): string => {
  const set = Object.entries(params).filter(([, value]) => value !== null);
  return set.length > 0 ? ` with ${set.map(([k, v]) => `$${k} = ${String(v)}`).join(', ')}` : '';
};

/** Candidate values of the params an expression reads: the declared default, unknown, and the literals it names. */
export const paramCandidates = (model: ProductModel, roots: readonly ExprNode[]): Record<string, Scalar>[] => {
  const names = [...new Set(roots.flatMap((root) => referencedParams(root)))];
  const defaults = defaultParams(model);
  const literals: Scalar[] = [];
  const visit = (node: ExprNode) => {
    if (node.kind === 'string' || node.kind === 'number' || node.kind === 'boolean') literals.push(node.value);
    for (const child of childrenOf(node)) visit(child);
  };
  for (const root of roots) visit(root);
  let combos: Record<string, Scalar>[] = [defaults];
  for (const name of names) {
    const values = [...new Set([defaults[name] ?? null, null, ...literals])];
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value })));
    if (combos.length > 64) return combos.slice(0, 64);
  }
  return combos;
};

/**
 * Walks the valid combinations of the core options `reads` (each one checked against the diagram, so the walk is
 * exact on the finite part), with every number option tried at its intervals' ends and sample; calls `visit` with
 * a complete valid configuration until it returns true. Returns whether the walk finished within its limits.
 */
export const walkCombinations = (
  ctx: Context,
  reads: readonly string[],
  visit: (configuration: CheckConfiguration) => boolean,
): boolean => {
  const { problem, mdd } = ctx;
  const vars = reads.map((id) => problem.varIndex.get(id)).filter((x): x is number => x !== undefined);
  const assign = new Int32Array(problem.optionIds.length).fill(-1);
  let budget = MAX_COMBINATIONS;
  let isDone = false;
  const numberPoints = (id: string, label: string): number[] => {
    const interval = ctx.variant.numbers.get(id)?.byLabel.get(label);
    return interval ? pointsOf(ctx, id, interval) : [];
  };
  const emit = (path: Int32Array) => {
    const numbered = vars.filter((x) => ctx.kindOf.get(problem.optionIds[x] ?? '') === 'number');
    let choices: Map<string, number>[] = [new Map()];
    for (const x of numbered) {
      const id = problem.optionIds[x] ?? '';
      const points = numberPoints(id, problem.domains[x]?.[path[x] ?? 0] ?? '');
      choices = choices.flatMap((choice) => points.map((n) => new Map([...choice, [id, n]])));
    }
    for (const numbers of choices) {
      budget -= 1;
      if (budget < 0) return;
      if (visit(configurationOf(ctx, path, numbers))) {
        isDone = true;
        return;
      }
    }
  };
  const step = (k: number) => {
    if (isDone || budget < 0) return;
    if (k === vars.length) {
      const path = completePath(mdd, assign);
      if (path) emit(path);
      return;
    }
    const x = vars[k] ?? 0;
    for (let v = 0; v < (problem.domains[x]?.length ?? 0); v += 1) {
      assign[x] = v;
      budget -= 1;
      if (ctx.variant.core.reasoner.isFeasible(assign)) step(k + 1);
      if (isDone || budget < 0) break;
    }
    assign[x] = -1;
  };
  step(0);
  return budget >= 0;
};
