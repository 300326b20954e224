import { isEmptyMdd } from '../diagram/mdd';
import { referencedParams } from '../expr';
import type { ProductModel } from '../model/model';
import { compileModel, defaultParams } from '../product/product-compile';
import { addDeadValues, addEmptyTables, addNoConfiguration, addRedundant } from './constraints';
import type { Context } from './context';
import { addFormulaFailures, addNegativePrice } from './formulas';
import { addDefaults, addNeverSettable } from './options';
import type { CheckFinding, CheckOptions, CheckReport } from './types';

export type {
  CheckConfiguration,
  CheckFinding,
  CheckOptions,
  CheckReport,
  FindingKind,
  FindingSeverity,
} from './types';

/** Wall-clock ms after which the optional searches (redundancy, naming a dead value's constraints) stop. */
const DEFAULT_BUDGET_MS = 1_500;

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
