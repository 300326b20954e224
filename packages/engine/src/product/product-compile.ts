import {
  type CompiledDiagram,
  type CompiledModel,
  type CompileOptions,
  type CompileStats,
  compileModel as compileCore,
  compileDiagram,
} from '../compile/compile';
import { referencedParams } from '../expr';
import type { ProductModel } from '../model/model';
import { type ParsedExpressions, parseExpressions } from '../model/model-expressions';
import { type Abstraction, abstractModel } from './abstraction';
import type { ParamValues } from './params';

/**
 * What a session's answers are worth. `complete`: every answer is exact for the whole model. `finite-part`: exact
 * for options, tables, threshold rules and range bounds over finite options, but some rules (numbers beyond
 * thresholds, text) or range bounds (reading numbers or text) are only checked when a choice is made, so an
 * enabled value or a number inside the shown range can still be refused then. `incomplete`: the search fallback
 * is in use.
 */
export type ProductGuarantee = 'complete' | 'finite-part' | 'incomplete';

/** The core compiled for one binding of the params the rules read, with its number abstraction. */
export type ProductVariant = Abstraction & {
  readonly core: CompiledModel;
  readonly guarantee: ProductGuarantee;
};

/** Figures about a product compilation: the default variant's core figures plus what stays outside the core. */
export type ProductStats = CompileStats & {
  /** Rules checked at selection time only (see {@link ProductGuarantee}). */
  readonly runtimeRules: readonly string[];
  /** Range bounds checked at selection time only, as `optionId.range.min` / `optionId.range.max`. */
  readonly runtimeBounds: readonly string[];
  /** Intervals per number option in the default variant. */
  readonly intervals: Readonly<Record<string, number>>;
};

/** A product model compiled for interactive configuration; share it between sessions (it is immutable). */
export type CompiledProduct = {
  readonly model: ProductModel;
  /** Every expression of the model, parsed once, by model path. */
  readonly expressions: ParsedExpressions;
  /** Params that rules or range bounds read: the core is compiled once per distinct tuple of their values. */
  readonly coreParams: readonly string[];
  /**
   * The default variant's guarantee (declared param defaults). Other param bindings change only cut values and the
   * core's size, so another variant can be weaker only if its core runs out of the compile budget (`incomplete`)
   * or one of its lowerings exceeds the enumeration limit (`finite-part`). A session reports its own variant's:
   * `session.guarantee`, `state().Guarantee`.
   */
  readonly guarantee: ProductGuarantee;
  readonly stats: ProductStats;
  /**
   * The core for the given params (compiled on first use, kept in a small LRU cache). `diagram`, the one
   * {@link compileProductDiagram} made for these params, spares the compile on first use.
   */
  variant(params: ParamValues, diagram?: CompiledDiagram): ProductVariant;
  /** Whether the core for the given params is compiled already (so `variant(params)` is cheap). */
  hasVariant(params: ParamValues): boolean;
};

/** Distinct param bindings kept compiled at once. */
const VARIANT_CACHE_SIZE = 8;

/** The core's compile options for one abstraction: the lowered rules and bounds join the caller's extra tables. */
const coreOptions = (abstraction: Abstraction, options: CompileOptions, diagram?: CompiledDiagram): CompileOptions => ({
  ...options,
  extraTables: [...abstraction.tables, ...(options.extraTables ?? [])],
  diagram,
});

/** The declared defaults of the model's params (what a session without params reads). */
export const defaultParams = (model: ProductModel): ParamValues =>
  Object.fromEntries((model.params ?? []).map((p) => [p.name, p.default ?? null]));

const compileVariant = (
  model: ProductModel,
  expressions: ParsedExpressions,
  params: ParamValues,
  options: CompileOptions,
  diagram?: CompiledDiagram,
): ProductVariant => {
  const abstraction = abstractModel(model, expressions, (name) => params[name] ?? null);
  const core = compileCore(abstraction.coreModel, coreOptions(abstraction, options, diagram));
  const hasRuntimeChecks = abstraction.runtimeRules.length > 0 || abstraction.runtimeBounds.length > 0;
  const guarantee: ProductGuarantee =
    core.guarantee === 'incomplete' ? 'incomplete' : hasRuntimeChecks ? 'finite-part' : 'complete';
  return { ...abstraction, core, guarantee };
};

/**
 * The expensive part of compiling a product model for `params` (the declared param defaults when absent): the
 * diagram of its finite core, as plain data a worker thread can make and move (see `compileDiagram`). Give it back
 * to {@link compileModel} as `options.diagram` (default params) or to `variant(params, diagram)`, with the same
 * `options`.
 */
export const compileProductDiagram = (
  model: ProductModel,
  params: ParamValues | undefined,
  options: CompileOptions = {},
): CompiledDiagram => {
  const bound = params ?? defaultParams(model);
  const abstraction = abstractModel(model, parseExpressions(model), (name) => bound[name] ?? null);
  return compileDiagram(abstraction.coreModel, coreOptions(abstraction, options));
};

/**
 * Compiles a product model: validates its expressions, abstracts number options to intervals, lowers rules and
 * expression range bounds to tables (with the params they read bound) and compiles the finite core. The default
 * variant (declared param defaults) is compiled at once, from `options.diagram` when given (see
 * {@link compileProductDiagram}); other param bindings on first use.
 */
export const compileModel = (model: ProductModel, options: CompileOptions = {}): CompiledProduct => {
  const { diagram, ...variantOptions } = options;
  const expressions = parseExpressions(model);
  const coreParams = [
    ...new Set(
      [...expressions.entries()]
        .filter(([path]) => path.startsWith('constraints[') || path.includes('.range.'))
        .flatMap(([, expression]) => referencedParams(expression)),
    ),
  ];
  const defaults = defaultParams(model);
  const keyOf = (params: ParamValues) => JSON.stringify(coreParams.map((name) => params[name] ?? null));
  const cache = new Map<string, ProductVariant>();
  const first = compileVariant(model, expressions, defaults, variantOptions, diagram);
  cache.set(keyOf(defaults), first);
  const variant = (params: ParamValues, given?: CompiledDiagram): ProductVariant => {
    const key = keyOf(params);
    let found = cache.get(key);
    if (found) cache.delete(key);
    else found = compileVariant(model, expressions, params, variantOptions, given);
    cache.set(key, found);
    if (cache.size > VARIANT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return found;
  };
  const stats: ProductStats = {
    ...first.core.stats,
    runtimeRules: first.runtimeRules.map((rule) => rule.id),
    runtimeBounds: first.runtimeBounds.map((bound) => `${bound.optionId}.range.${bound.which}`),
    intervals: Object.fromEntries([...first.numbers].map(([id, domain]) => [id, domain.intervals.length])),
  };
  const hasVariant = (params: ParamValues) => cache.has(keyOf(params));
  return { model, expressions, coreParams, guarantee: first.guarantee, stats, variant, hasVariant };
};
