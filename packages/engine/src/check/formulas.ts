import {
  type Environment,
  type Expression,
  evaluate,
  evaluateTruth,
  referencedOptions,
  referencedParams,
} from '../expr';
import { intervalIndexOf } from '../product/intervals';
import { priceCents } from '../product/pricing';
import {
  type Context,
  configurationOf,
  environmentOf,
  paramCandidates,
  paramsNote,
  passesRuntimeChecks,
  pointsOf,
  walkCombinations,
} from './context';
import type { CheckConfiguration } from './types';
import { cheapestPath, completePath } from './walk';

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

export const addFormulaFailures = (ctx: Context) => {
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
      ctx.findings.push({
        kind: 'formula-fails',
        severity: site.isAmount ? 'error' : 'warning',
        options: reads,
        values: [],
        constraints: [],
        message: `${site.label} (${site.path}) has no value for a valid configuration${paramsNote(params)}: it divides by zero or reads an unknown value.`,
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
    choices = choices.flatMap((choice) => pointsOf(ctx, id, interval).map((n) => new Map([...choice, [id, n]])));
    if (choices.length > 256) return choices.slice(0, 256);
  }
  return choices;
};

export const addNegativePrice = (ctx: Context) => {
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
      ctx.findings.push({
        kind: 'negative-price',
        severity: 'error',
        options: [],
        values: [],
        constraints: [],
        message: `A valid configuration costs ${cents} cents${paramsNote(params)}: its price is negative.`,
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
