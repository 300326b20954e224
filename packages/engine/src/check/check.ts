import { isEmptyMdd, type Mdd } from '../diagram/mdd';
import {
  childrenOf,
  type Environment,
  type Expression,
  type ExprNode,
  evaluate,
  evaluateTruth,
  referencedOptions,
  referencedParams,
  type Scalar,
  satisfyingTuples,
} from '../expr';
import type { ProductModel } from '../model/model';
import type { FiniteProblem } from '../problem/problem';
import { type Interval, intervalIndexOf } from '../product/intervals';
import { priceCents } from '../product/pricing';
import { type CompiledProduct, compileModel, type ProductVariant } from '../product/product-compile';
import type { CheckConfiguration, CheckFinding, CheckOptions, CheckReport } from './types';
import {
  cheapestPath,
  completePath,
  deletionCore,
  impliedBySameScope,
  isTableEmpty,
  nearWitness,
  negatedTable,
  solve,
  TableIndex,
} from './walk';

export type {
  CheckConfiguration,
  CheckFinding,
  CheckOptions,
  CheckReport,
  FindingKind,
  FindingSeverity,
} from './types';

/** Wall-clock ms after which the optional searches (redundancy, naming a dead value's constraints) stop. */
export const DEFAULT_BUDGET_MS = 1_500;

/** Most value combinations one expression check enumerates over the diagram. */
const MAX_COMBINATIONS = 20_000;

/** The declared defaults of the model's params (what a session without params reads). */
const defaultParams = (model: ProductModel): Record<string, Scalar> =>
  Object.fromEntries((model.params ?? []).map((p) => [p.name, p.default ?? null]));

/** Everything the checks share about one compiled variant. */
type Context = {
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

/** The numbers worth trying in an interval: its closed ends, the ends nudged inside when open, and its sample. */
const pointsOf = (interval: Interval, increment: number): number[] => {
  const points = new Set<number>([interval.sample]);
  if (Number.isFinite(interval.lo)) points.add(interval.isLoOpen ? interval.lo + increment : interval.lo);
  if (Number.isFinite(interval.hi)) points.add(interval.isHiOpen ? interval.hi - increment : interval.hi);
  return [...points]
    .filter((n) => n > interval.lo || (!interval.isLoOpen && n === interval.lo))
    .filter((n) => n < interval.hi || (!interval.isHiOpen && n === interval.hi));
};

/** A core assignment (and the numbers chosen for number options) as a readable configuration. */
const configurationOf = (ctx: Context, path: Int32Array, numbers: ReadonlyMap<string, number>): CheckConfiguration => {
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
const environmentOf = (configuration: CheckConfiguration, params: Readonly<Record<string, Scalar>>): Environment => ({
  valueOf: (id) => configuration[id] ?? null,
  param: (name) => params[name] ?? null,
});

/** Whether every rule the core could not hold is not false for the configuration (so it is really valid). */
const passesRuntimeChecks = (ctx: Context, env: Environment): boolean =>
  ctx.variant.runtimeRules.every((rule) => evaluateTruth(rule.expression, env) !== false) &&
  ctx.variant.runtimeBounds.every((bound) => {
    const limit = evaluate(bound.expression, env);
    const n = env.valueOf(bound.optionId);
    if (typeof limit !== 'number' || typeof n !== 'number') return true;
    return bound.which === 'min' ? n >= limit : n <= limit;
  });

const addNoConfiguration = (ctx: Context) => {
  const ids = [...new Set(ctx.problem.tables.map((table) => table.id as string))];
  const none = new Int32Array(ctx.problem.optionIds.length).fill(-1);
  const core = deletionCore(ctx.problem, ids, none);
  ctx.findings.push({
    kind: 'no-valid-configuration',
    severity: 'error',
    options: [],
    values: [],
    constraints: core.ids,
    message: `No configuration satisfies every constraint: ${core.ids.join(', ')} contradict each other${
      core.isMinimal ? '' : ' (perhaps with fewer of them)'
    }.`,
    fix: 'Relax or remove one of these constraints.',
  });
};

const addEmptyTables = (ctx: Context) => {
  const seen = new Set<string>();
  for (const table of ctx.problem.tables) {
    if (seen.has(table.id) || !isTableEmpty(ctx.problem, table)) continue;
    seen.add(table.id);
    ctx.findings.push({
      kind: 'constraint-removes-everything',
      severity: 'error',
      options: Array.from(table.scope, (x) => ctx.problem.optionIds[x] ?? ''),
      values: [],
      constraints: [table.id],
      message: `Constraint ${table.id} alone allows no combination of its options.`,
      fix: 'Allow at least the combinations that should be sold, or remove the constraint.',
    });
  }
};

const addDeadValues = (ctx: Context, options: CheckOptions): boolean[] => {
  const { problem, variant } = ctx;
  const out = new Uint8Array(problem.valueOffset[problem.optionIds.length] ?? 0);
  const none = new Int32Array(problem.optionIds.length).fill(-1);
  variant.core.reasoner.supports(none, out);
  const live = Array.from(out, (bit) => bit === 1);
  // The core holds the rules for the default params; a value counts as dead only if it is dead with the params
  // unknown as well.
  if (ctx.compiled.coreParams.length > 0) {
    const unknown = ctx.compiled.variant(Object.fromEntries(ctx.compiled.coreParams.map((name) => [name, null])));
    const other = unknown.core.problem;
    const bits = new Uint8Array(other.valueOffset[other.optionIds.length] ?? 0);
    unknown.core.reasoner.supports(new Int32Array(other.optionIds.length).fill(-1), bits);
    // Matched by label: a number's intervals may be cut elsewhere with other params, and an interval the other
    // core does not have is taken as live (nothing is proven about it).
    problem.optionIds.forEach((id, x) => {
      const y = other.varIndex.get(id);
      problem.domains[x]?.forEach((label, v) => {
        const w = y === undefined ? undefined : other.valueIndex[y]?.get(label);
        const isLive = y === undefined || w === undefined || bits[(other.valueOffset[y] ?? 0) + w] === 1;
        if (isLive) live[(problem.valueOffset[x] ?? 0) + v] = true;
      });
    });
  }
  const ids = [...new Set(problem.tables.map((table) => table.id as string))];
  problem.optionIds.forEach((id, x) => {
    const domain = problem.domains[x] ?? [];
    domain.forEach((value, v) => {
      if (live[(problem.valueOffset[x] ?? 0) + v]) return;
      const isNumber = ctx.kindOf.get(id) === 'number';
      let constraints: string[] = [];
      if (options.explainDeadValues !== false && !ctx.isOver()) {
        const assign = Int32Array.from(none);
        assign[x] = v;
        constraints = deletionCore(problem, ids, assign).ids;
      }
      const named = constraints.length > 0 ? ` because of ${constraints.join(', ')}` : '';
      ctx.findings.push(
        isNumber
          ? {
              kind: 'dead-number-range',
              severity: 'warning',
              options: [id],
              values: [{ option: id, value }],
              constraints,
              message: `No valid configuration has ${id} in ${value}${named}, although its range allows it.`,
              fix: `Narrow the range of ${id} or relax the constraints.`,
            }
          : {
              kind: 'dead-value',
              severity: 'warning',
              options: [id],
              values: [{ option: id, value }],
              constraints,
              message: `Value '${value}' of ${id} is in no valid configuration${named}.`,
              fix: `Remove the value or relax ${constraints.length > 0 ? 'those constraints' : 'the constraints'}.`,
            },
      );
    });
  });
  return live;
};

const redundantFinding = (ctx: Context, id: string, scope: Int32Array, impliedBy?: string): CheckFinding => ({
  kind: 'redundant-constraint',
  severity: 'warning',
  options: Array.from(scope, (x) => ctx.problem.optionIds[x] ?? ''),
  values: [],
  constraints: impliedBy ? [id, impliedBy] : [id],
  message: impliedBy
    ? `Constraint ${id} never removes anything: ${impliedBy}, over the same options, already excludes all it excludes.`
    : `Constraint ${id} never removes anything: the other constraints already exclude everything it excludes.`,
  fix: `Remove ${id} (on its own: a duplicate pair is reported twice) or make it say what was meant.`,
});

/**
 * Redundancy, cheapest proofs first: a table over the same options that allows no more (pairwise), then a witness
 * near the diagram that only this table rejects, then an exhaustive search of the other tables with its negation,
 * while the budget lasts.
 */
const addRedundant = (ctx: Context) => {
  const { problem } = ctx;
  const none = new Int32Array(problem.optionIds.length).fill(-1);
  const counts = new Map<string, number>();
  for (const table of problem.tables) counts.set(table.id, (counts.get(table.id) ?? 0) + 1);
  const candidates = problem.tables
    .map((table, t) => ({ table, t }))
    .filter(
      ({ table }) => counts.get(table.id) === 1 && !ctx.readsParams.has(table.id) && !isTableEmpty(problem, table),
    );
  const implied = impliedBySameScope(problem);
  const open: typeof candidates = [];
  for (const candidate of candidates) {
    const by = implied[candidate.t];
    if (by) ctx.findings.push(redundantFinding(ctx, candidate.table.id, candidate.table.scope, by));
    else open.push(candidate);
  }
  const index = new TableIndex(problem);
  let skipped = 0;
  for (const { table, t } of open) {
    if (ctx.isOver()) {
      skipped += 1;
      continue;
    }
    if (nearWitness(problem, ctx.mdd, index, t, 3)) continue;
    const others = problem.tables.filter((other) => other.id !== table.id);
    const answer = solve(problem, [...others, negatedTable(table)], none);
    if (answer === 'unknown') skipped += 1;
    if (answer === null) ctx.findings.push(redundantFinding(ctx, table.id, table.scope));
  }
  if (skipped > 0) {
    ctx.findings.push({
      kind: 'check-incomplete',
      severity: 'info',
      options: [],
      values: [],
      constraints: [],
      message: `${skipped} of ${candidates.length} constraints were not settled for redundancy: no constraint over the same options implies them, and their exhaustive search did not finish within its time or node budget.`,
      fix: 'Run the check with a larger budget (model:check --budget-ms) to settle more of them.',
    });
  }
};

/** The finite and interval domains the core holds, and how a label reads in expressions. */
const loweringOf = (ctx: Context) => {
  const domains: Record<string, readonly string[]> = {};
  ctx.problem.optionIds.forEach((id, x) => {
    domains[id] = ctx.problem.domains[x] ?? [];
  });
  const decode = (id: string, label: string): Scalar => {
    const kind = ctx.kindOf.get(id);
    if (kind === 'number') return ctx.variant.numbers.get(id)?.byLabel.get(label)?.sample ?? null;
    return kind === 'boolean' ? label === 'True' : label;
  };
  return { domains, decode };
};

const andOf = (nodes: readonly ExprNode[]): ExprNode | null =>
  nodes.reduce<ExprNode | null>(
    (acc, node) => (acc ? { kind: 'binary', op: 'and', left: acc, right: node, span: node.span } : node),
    null,
  );

const addNeverSettable = (ctx: Context) => {
  const { model, compiled, problem } = ctx;
  const { domains, decode } = loweringOf(ctx);
  model.options.forEach((option, i) => {
    const conditions: Expression[] = [];
    const visible = compiled.expressions.get(`options[${i}].visibleWhen`);
    const enabled = compiled.expressions.get(`options[${i}].enabledWhen`);
    if (visible) conditions.push(visible);
    if (enabled) conditions.push(enabled);
    const pages = model.pages.filter((page) => page.screens.some((screen) => screen.options.includes(option.id)));
    const pageIndex = model.pages.indexOf(pages[0] as (typeof model.pages)[number]);
    const pageVisible = pages.length === 1 ? compiled.expressions.get(`pages[${pageIndex}].visibleWhen`) : undefined;
    if (pageVisible) conditions.push(pageVisible);
    const root = andOf(conditions.map((c) => c.root));
    if (!root) return;
    // Numbers are not cut at these thresholds and text is not in the core: only conditions on finite options are
    // decided exactly, the rest is left alone.
    const reads = referencedOptions(root);
    if (reads.some((id) => ctx.kindOf.get(id) !== 'single' && ctx.kindOf.get(id) !== 'boolean')) return;
    if (referencedParams(root).length > 0) return;
    const table = satisfyingTuples(root, domains, MAX_COMBINATIONS, () => null, decode);
    if (!table || table.free.length > 0) return;
    const assign = new Int32Array(problem.optionIds.length).fill(-1);
    const isPossible = table.tuples.some((tuple) => {
      assign.fill(-1);
      table.options.forEach((id, k) => {
        const x = problem.varIndex.get(id) ?? -1;
        assign[x] = problem.valueIndex[x]?.get(tuple[k] ?? '') ?? -1;
      });
      return ctx.variant.core.reasoner.isFeasible(assign);
    });
    if (isPossible) return;
    const isRequired = option.required === true;
    ctx.findings.push({
      kind: 'option-never-settable',
      severity: isRequired ? 'error' : 'warning',
      options: [option.id],
      values: [],
      constraints: [],
      message: `${option.id} is hidden or disabled in every valid configuration${
        isRequired ? ', yet it is required' : ''
      }: no one can ever set it.`,
      fix: `Correct the visibility or enablement conditions of ${option.id}, or remove it.`,
    });
  });
};

const addDefaults = (ctx: Context, live: readonly boolean[]) => {
  const { model, problem } = ctx;
  for (const option of model.options) {
    if (option.default === undefined) continue;
    const id = option.id;
    const value = String(option.default);
    const bad = (why: string, fix: string) =>
      ctx.findings.push({
        kind: 'invalid-default',
        severity: 'error',
        options: [id],
        values: [{ option: id, value }],
        constraints: [],
        message: `The default of ${id}, ${value}, ${why}.`,
        fix,
      });
    const x = problem.varIndex.get(id);
    if (option.kind === 'text' || x === undefined) continue;
    let v: number | undefined;
    if (option.kind === 'number') {
      const domain = ctx.variant.numbers.get(id);
      const n = typeof option.default === 'number' ? option.default : Number(option.default);
      v = domain && Number.isFinite(n) ? intervalIndexOf(domain, n) : -1;
      if (v < 0) {
        bad('is outside its range', `Choose a default between the bounds of ${id}.`);
        continue;
      }
    } else {
      const label =
        option.kind === 'boolean'
          ? value.toLowerCase() === 'true'
            ? 'True'
            : value.toLowerCase() === 'false'
              ? 'False'
              : value
          : value;
      v = problem.valueIndex[x]?.get(label);
      if (v === undefined) {
        bad('is not one of its values', `Choose one of the values of ${id} as its default.`);
        continue;
      }
    }
    if (!live[(problem.valueOffset[x] ?? 0) + v]) {
      bad('is in no valid configuration', `Choose a default that some valid configuration has.`);
    }
  }
};

/** Candidate values of the params an expression reads: the declared default, unknown, and the literals it names. */
const paramCandidates = (model: ProductModel, roots: readonly ExprNode[]): Record<string, Scalar>[] => {
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
const walkCombinations = (
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
    const option = ctx.model.options.find((o) => o.id === id);
    return interval ? pointsOf(interval, option?.range?.increment ?? 1) : [];
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

/** The sites of formulas whose failure (an unknown result with every option set) or sign matter. */
type FormulaSite = { path: string; label: string; when?: Expression; value: Expression; isAmount: boolean };

const formulaSites = (ctx: Context): FormulaSite[] => {
  const { model, compiled } = ctx;
  const sites: FormulaSite[] = [];
  const add = (path: string, whenPath: string | null, label: string, isAmount: boolean) => {
    const value = compiled.expressions.get(path);
    const when = whenPath ? compiled.expressions.get(whenPath) : undefined;
    if (value) sites.push({ path, label, value, isAmount, ...(when ? { when } : {}) });
  };
  model.pricing?.lines?.forEach((line, i) => {
    add(`pricing.lines[${i}].amount`, `pricing.lines[${i}].when`, `price line ${line.id}`, true);
  });
  model.outputs?.details?.forEach((detail, i) => {
    add(`outputs.details[${i}].value`, `outputs.details[${i}].when`, `detail '${detail.caption}'`, false);
  });
  add('outputs.partNumber', null, 'the part number', false);
  add('outputs.description', null, 'the description', false);
  add('outputs.imageUrl', null, 'the image', false);
  model.messages?.forEach((message, i) => {
    add(`messages[${i}].when`, null, `the condition of message ${message.id}`, false);
  });
  return sites;
};

const addFormulaFailures = (ctx: Context) => {
  for (const site of formulaSites(ctx)) {
    const roots = [site.value.root, ...(site.when ? [site.when.root] : [])];
    const reads = [...new Set(roots.flatMap((root) => referencedOptions(root)))];
    // Text options are not part of a configuration here, so a formula reading them cannot be judged.
    if (reads.some((id) => ctx.kindOf.get(id) === 'text')) continue;
    const paramsRead = [...new Set(roots.flatMap((root) => referencedParams(root)))];
    // An unknown param makes an unknown result by design (a message for `$state = 'CA'`): only known ones count.
    const known = paramCandidates(ctx.model, roots).filter((params) =>
      paramsRead.every((name) => params[name] != null),
    );
    for (const params of known) {
      let found: CheckConfiguration | null = null;
      walkCombinations(ctx, reads, (configuration) => {
        const env = environmentOf(configuration, params);
        if (site.when && evaluateTruth(site.when, env) !== true) return false;
        const result = evaluate(site.value, env);
        const fails = result === null || (site.isAmount && typeof result !== 'number');
        if (!fails || !passesRuntimeChecks(ctx, env)) return false;
        found = configuration;
        return true;
      });
      if (!found) continue;
      const withParams = Object.entries(params).filter(([, value]) => value !== null);
      ctx.findings.push({
        kind: 'formula-fails',
        severity: site.isAmount ? 'error' : 'warning',
        options: reads,
        values: [],
        constraints: [],
        message: `${site.label} (${site.path}) has no value for a valid configuration${
          withParams.length > 0 ? ` with ${withParams.map(([k, v]) => `$${k} = ${String(v)}`).join(', ')}` : ''
        }: it divides by zero or reads an unknown value.`,
        fix: `Guard ${site.path} so it gives a value for every valid configuration.`,
        example: found,
      });
      break;
    }
  }
};

/** Every choice of numbers for the number options of a core path: each at its interval's ends and sample. */
const numberChoices = (ctx: Context, path: Int32Array): Map<string, number>[] => {
  let choices: Map<string, number>[] = [new Map()];
  for (const [id, domain] of ctx.variant.numbers) {
    const x = ctx.problem.varIndex.get(id);
    const interval = x === undefined ? undefined : domain.byLabel.get(ctx.problem.domains[x]?.[path[x] ?? 0] ?? '');
    if (!interval) continue;
    const increment = ctx.model.options.find((o) => o.id === id)?.range?.increment ?? 1;
    choices = choices.flatMap((choice) => pointsOf(interval, increment).map((n) => new Map([...choice, [id, n]])));
    if (choices.length > 256) return choices.slice(0, 256);
  }
  return choices;
};

const addNegativePrice = (ctx: Context) => {
  const { model, problem, mdd, compiled } = ctx;
  if (!model.pricing) return;
  const priceOf = new Map<string, number>();
  for (const option of model.options)
    for (const entry of option.values ?? []) priceOf.set(`${option.id}\u0000${entry.value}`, entry.price ?? 0);
  const weight = (x: number, v: number) => priceOf.get(`${problem.optionIds[x]}\u0000${problem.domains[x]?.[v]}`) ?? 0;
  const lineRoots = (model.pricing.lines ?? []).flatMap((_, i) =>
    [compiled.expressions.get(`pricing.lines[${i}].amount`), compiled.expressions.get(`pricing.lines[${i}].when`)]
      .filter((e): e is Expression => e !== undefined)
      .map((e) => e.root),
  );
  const candidates: Int32Array[] = [];
  const cheapest = cheapestPath(mdd, weight);
  if (cheapest) candidates.push(cheapest);
  // The cheapest options with each line's most negative combination: lines are where discounts live.
  model.pricing.lines?.forEach((_, i) => {
    const amount = compiled.expressions.get(`pricing.lines[${i}].amount`);
    if (!amount) return;
    const when = compiled.expressions.get(`pricing.lines[${i}].when`);
    const reads = [...new Set([amount, ...(when ? [when] : [])].flatMap((e) => referencedOptions(e.root)))];
    if (reads.some((id) => ctx.kindOf.get(id) === 'text')) return;
    let best: { value: number; configuration: CheckConfiguration } | null = null;
    for (const params of paramCandidates(model, lineRoots)) {
      walkCombinations(ctx, reads, (configuration) => {
        const env = environmentOf(configuration, params);
        if (when && evaluateTruth(when, env) !== true) return false;
        const value = evaluate(amount, env);
        if (typeof value === 'number' && (!best || value < best.value)) best = { value, configuration };
        return false;
      });
    }
    const chosen = best as { value: number; configuration: CheckConfiguration } | null;
    if (!chosen) return;
    const assign = new Int32Array(problem.optionIds.length).fill(-1);
    for (const id of reads) {
      const x = problem.varIndex.get(id);
      if (x === undefined) continue;
      const value = chosen.configuration[id];
      const kind = ctx.kindOf.get(id);
      const label =
        kind === 'number'
          ? ctx.variant.numbers.get(id)?.intervals[intervalIndexOf(ctx.variant.numbers.get(id)!, value as number)]
              ?.label
          : kind === 'boolean'
            ? value
              ? 'True'
              : 'False'
            : String(value);
      assign[x] = problem.valueIndex[x]?.get(label ?? '') ?? -1;
    }
    const cheapestFirst = (x: number) => {
      let min = Number.POSITIVE_INFINITY;
      let at = -1;
      (problem.domains[x] ?? []).forEach((_, v) => {
        if (weight(x, v) < min) {
          min = weight(x, v);
          at = v;
        }
      });
      return at;
    };
    const path = completePath(mdd, assign, cheapestFirst);
    if (path) candidates.push(path);
  });
  for (const params of paramCandidates(model, lineRoots)) {
    for (const path of candidates) {
      let example: CheckConfiguration | null = null;
      let cents = 0;
      // Numbers at their intervals' ends: the prices met so far are monotone in them, so their extremes sit there.
      for (const numbers of numberChoices(ctx, path)) {
        const configuration = configurationOf(ctx, path, numbers);
        const env = environmentOf(configuration, params);
        const visible = visibilityOf(ctx, env);
        const seen: Environment = { valueOf: (id) => (visible(id) ? env.valueOf(id) : null), param: env.param };
        const total = priceCents(model, compiled.expressions, seen, (id) => {
          const value = seen.valueOf(id);
          return typeof value === 'string' ? value : undefined;
        });
        if (total >= 0 || !passesRuntimeChecks(ctx, env)) continue;
        example = configuration;
        cents = total;
        break;
      }
      if (!example) continue;
      const withParams = Object.entries(params).filter(([, value]) => value !== null);
      ctx.findings.push({
        kind: 'negative-price',
        severity: 'error',
        options: [],
        values: [],
        constraints: [],
        message: `A valid configuration costs ${cents} cents${
          withParams.length > 0 ? ` with ${withParams.map(([k, v]) => `$${k} = ${String(v)}`).join(', ')}` : ''
        }: its price is negative.`,
        fix: 'Bound the discounts or correct the option prices so no valid configuration costs less than nothing.',
        example,
      });
      return;
    }
  }
};

/** Whether an option shows for a configuration (its own and its page's `visibleWhen`; unknown shows it). */
const visibilityOf = (ctx: Context, env: Environment) => {
  const hidden = new Set<string>();
  ctx.model.options.forEach((option, i) => {
    const visible = ctx.compiled.expressions.get(`options[${i}].visibleWhen`);
    if (visible && evaluateTruth(visible, env) === false) hidden.add(option.id);
  });
  ctx.model.pages.forEach((page, i) => {
    const visible = ctx.compiled.expressions.get(`pages[${i}].visibleWhen`);
    if (visible && evaluateTruth(visible, env) === false) {
      for (const screen of page.screens) for (const id of screen.options) hidden.add(id);
    }
  });
  return (id: string) => !hidden.has(id);
};

/**
 * Checks a product model and answers proven findings: no valid configuration (with a minimal set of constraints in
 * conflict), constraints that alone allow nothing, dead values and number ranges, options no one can ever set,
 * redundant constraints, invalid defaults, formulas without a value and negative prices (each with an example
 * configuration). Facts about the finite part rest on the compiled diagram (exact); number options are tried at the
 * ends and samples of the intervals the rules cut them into, and text options are left out, so a finding is never a
 * guess but a defect in numbers between those points can go unreported. The default params are bound; formulas
 * are also tried with the values their param comparisons name.
 */
export const checkModel = (model: ProductModel, options: CheckOptions = {}): CheckReport => {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const compiled = compileModel(model, { budgetMs: options.compileBudgetMs ?? 10_000 });
  const variant = compiled.variant(defaultParams(model));
  const findings: CheckFinding[] = [];
  const mdd = variant.core.mdd;
  if (!mdd) {
    findings.push({
      kind: 'check-incomplete',
      severity: 'info',
      options: [],
      values: [],
      constraints: [],
      message: 'The model did not compile to a diagram within the budget, so it was not checked.',
    });
    return { findings, configurations: null, ms: now() - started };
  }
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const ctx: Context = {
    model,
    compiled,
    variant,
    problem: variant.core.problem,
    mdd,
    kindOf: new Map(model.options.map((option) => [option.id, option.kind])),
    findings,
    isOver: () => now() - started > budgetMs,
    readsParams: new Set(
      model.constraints.flatMap((constraint, i) => {
        const rule = compiled.expressions.get(`constraints[${i}].rule`);
        return rule && referencedParams(rule).length > 0 ? [constraint.id] : [];
      }),
    ),
  };
  addEmptyTables(ctx);
  if (isEmptyMdd(mdd)) {
    addNoConfiguration(ctx);
    return { findings, configurations: 0n, ms: now() - started };
  }
  const live = addDeadValues(ctx, options);
  addDefaults(ctx, live);
  addNeverSettable(ctx);
  if (options.redundancy !== false) addRedundant(ctx);
  addFormulaFailures(ctx);
  addNegativePrice(ctx);
  const none = new Int32Array(ctx.problem.optionIds.length).fill(-1);
  return { findings, configurations: variant.core.reasoner.count(none), ms: now() - started };
};
