import {
  checkExpression,
  describeExpressionError,
  type Expression,
  ExpressionSyntaxError,
  type ExprNode,
  parseExpression,
  referencedOptions,
  type Scalar,
  satisfyingTuples,
} from '../expr';
import { EngineError, ModelValidationError } from '../model/errors';
import { domainOf, isFiniteOption, type ProductModel, type RuleConstraint, type TableConstraint } from '../model/model';
import { symbolTableOf } from '../model/model-expressions';

/** Largest Cartesian product a rule's table (or `tableFromPredicate`) will enumerate. */
export const MAX_PREDICATE_PRODUCT = 1_000_000;

/** How a lowering reads the world: value labels per option, how to decode a label, and the session params. */
export type LoweringDomains = {
  readonly domains: Readonly<Record<string, readonly string[]>>;
  readonly decode?: (optionId: string, label: string) => Scalar;
  readonly param?: (name: string) => Scalar | undefined;
};

/**
 * Lowers a parsed rule (or any boolean tree) to a `forbidden` table of the combinations of the options it reads
 * for which it is definitely false; null when the product of their domains is too large to enumerate. A rule is
 * violated only when false: one that stays unknown for a complete combination (an unknown param, a division by
 * zero) does not exclude it. A rule that reads no option becomes no table unless it is false, and then an empty
 * `allowed` table over `fallbackOption` (no configuration at all).
 */
export const lowerExpression = (
  id: string,
  expr: Expression | ExprNode,
  lowering: LoweringDomains,
  fallbackOption: string | undefined,
): TableConstraint[] | null => {
  const root = 'root' in expr ? expr.root : expr;
  const negation: ExprNode = { kind: 'unary', op: 'not', operand: root, span: root.span };
  const table = satisfyingTuples(negation, lowering.domains, MAX_PREDICATE_PRODUCT, lowering.param, lowering.decode);
  if (table === null) return null;
  if (table.free.length > 0) {
    throw new EngineError('NOT_FINITE', `rule '${id}' reads ${table.free.join(', ')}, which have no finite domain`);
  }
  if (table.options.length > 0) {
    const tuples = table.tuples.map((tuple) => [...tuple]);
    return [{ kind: 'table', id, options: [...table.options], semantics: 'forbidden', tuples }];
  }
  if (table.tuples.length === 0 || fallbackOption === undefined) return [];
  return [{ kind: 'table', id, options: [fallbackOption], semantics: 'allowed', tuples: [] }];
};

/** Parses and checks a rule against the model; a bad rule is a {@link ModelValidationError} at its model path. */
export const parseRule = (rule: RuleConstraint, model: ProductModel): Expression => {
  const index = model.constraints.indexOf(rule);
  const path = `constraints[${index < 0 ? model.constraints.findIndex((c) => c.id === rule.id) : index}].rule`;
  let expression: Expression;
  try {
    expression = parseExpression(rule.rule, { path });
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) throw new ModelValidationError([describeExpressionError(error.error)]);
    throw error;
  }
  const errors = checkExpression(expression, symbolTableOf(model), 'boolean');
  if (errors.length > 0) throw new ModelValidationError(errors.map(describeExpressionError));
  return expression;
};

/**
 * The default {@link RuleLowerer} of the core: a rule over single-choice and boolean options becomes the table of
 * the combinations that violate it (`satisfyingTuples`, domains in model order, checkboxes as `'True'`/`'False'`).
 * Rules reading numbers, text or params need the product compiler (`compileModel` of the package root), which
 * abstracts numbers to intervals and binds params; here they are refused with `NOT_FINITE`.
 */
export const lowerRuleByDefault = (rule: RuleConstraint, model: ProductModel): TableConstraint[] => {
  const expression = parseRule(rule, model);
  const finite = model.options.filter(isFiniteOption);
  const byId = new Map(model.options.map((option) => [option.id, option]));
  for (const optionId of referencedOptions(expression)) {
    const option = byId.get(optionId);
    if (option && !isFiniteOption(option)) {
      throw new EngineError(
        'NOT_FINITE',
        `rule '${rule.id}' reads ${option.kind} option '${optionId}'; compile with the package's compileModel`,
      );
    }
  }
  const domains = Object.fromEntries(finite.map((option) => [option.id, domainOf(option)]));
  const tables = lowerExpression(rule.id, expression, { domains }, finite[0]?.id);
  if (tables === null) {
    throw new EngineError('NOT_FINITE', `rule '${rule.id}' spans more than ${MAX_PREDICATE_PRODUCT} combinations`);
  }
  return tables;
};
