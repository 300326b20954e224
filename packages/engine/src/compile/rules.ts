import { EngineError } from '../model/errors';
import { domainOf, type ProductModel, type RuleConstraint, type TableConstraint } from '../model/model';
import { lowerRuleByDefault, MAX_PREDICATE_PRODUCT } from './rule-lowering';

/**
 * Lowers one rule over finite options to table constraints. Supplied by the expression language (`src/expr`):
 * parse `rule.rule`, find the finite options it reads, and build the table with {@link tableFromPredicate}.
 */
export type RuleLowerer = (rule: RuleConstraint, model: ProductModel) => TableConstraint[];

export { MAX_PREDICATE_PRODUCT };

/**
 * Builds the `allowed` table of the value combinations of `optionIds` for which `holds` is true, by enumerating
 * their Cartesian product (at most {@link MAX_PREDICATE_PRODUCT} combinations). `holds` receives values in the
 * order of `optionIds`.
 */
export const tableFromPredicate = (
  model: ProductModel,
  id: string,
  optionIds: readonly string[],
  holds: (values: readonly string[]) => boolean,
): TableConstraint => {
  const domains = optionIds.map((optionId) => {
    const option = model.options.find((candidate) => candidate.id === optionId);
    if (!option || (option.kind !== 'single' && option.kind !== 'boolean')) {
      throw new EngineError('NOT_FINITE', `rule '${id}' reads '${optionId}', which is not a single/boolean option`);
    }
    return domainOf(option);
  });
  const product = domains.reduce((size, domain) => size * domain.length, 1);
  if (product > MAX_PREDICATE_PRODUCT) {
    throw new EngineError('NOT_FINITE', `rule '${id}' spans ${product} combinations (limit ${MAX_PREDICATE_PRODUCT})`);
  }
  const tuples: string[][] = [];
  const values: string[] = [];
  const walk = (k: number) => {
    if (k === domains.length) {
      if (holds(values)) tuples.push([...values]);
      return;
    }
    for (const value of domains[k] ?? []) {
      values[k] = value;
      walk(k + 1);
    }
  };
  walk(0);
  return { kind: 'table', id, options: [...optionIds], semantics: 'allowed', tuples };
};

/**
 * The hook where rule constraints join the compiled core: every `kind: 'rule'` constraint goes through `lower`
 * and comes back as extra table constraints. Without a lowerer the default one of the expression language is
 * used (`lowerRuleByDefault`: finite options only); a rule it cannot lower exactly is refused, never dropped.
 */
export const lowerRules = (model: ProductModel, lower: RuleLowerer = lowerRuleByDefault): TableConstraint[] =>
  model.constraints.filter((constraint) => constraint.kind === 'rule').flatMap((rule) => lower(rule, model));
