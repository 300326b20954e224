export { type Abstraction, abstractModel, isRangeEnforced, type RuntimeBound, type RuntimeRule } from './abstraction';
export {
  type CompiledModel,
  type CompileOptions,
  type CompileStats,
  compileModel as compileCore,
} from './compile';
export {
  BudgetExceededError,
  DisabledValueError,
  EngineError,
  type EngineErrorCode,
  InvalidValueError,
  ModelValidationError,
} from './errors';
export type { ChoiceChange, Explanation } from './explain';
export * from './expr';
export { FIELD_MESSAGES, msgNoLargerThan, msgNoSmallerThan, msgNotAvailable } from './field-messages';
export type { ConstraintId, OptionId } from './ids';
export { buildNumberDomain, type Cut, type Interval, intervalIndexOf, type NumberDomain } from './intervals';
export {
  BOOLEAN_VALUES,
  domainOf,
  isFiniteOption,
  type ModelConstraint,
  type ModelOption,
  type ProductModel,
  type RuleConstraint,
  type TableConstraint,
  ZProductModel,
} from './model';
export { analyseExpressions, expressionSites, SPEC_PARAMS, symbolTableOf } from './model-expressions';
export { parseModel } from './model-validation';
export type { UiDetail, UiMessage } from './outputs';
export { normaliseParams, type ParamsInput, type ParamValues, type SpecParam } from './params';
export { breakFactor, formatDollars, priceCents, quantityOf } from './pricing';
export {
  type CompiledProduct,
  compileModel,
  type ProductGuarantee,
  type ProductStats,
  type ProductVariant,
} from './product-compile';
export {
  createSession,
  type InputValue,
  type NumberRange,
  type ProductSession,
  type ProductSessionOptions,
  parseNumber,
} from './product-session';
export { lowerRuleByDefault, parseRule } from './rule-lowering';
export { lowerRules, type RuleLowerer, tableFromPredicate } from './rules';
export {
  type Choice,
  createSession as createCoreSession,
  type OptionState,
  type SelectResult,
  type Session,
  type SessionOptions,
} from './session';
export type { UiPage, UiScreen, UiScreenOption, UiSelectableValue, UiState, UiStateOptions } from './ui-state';
export { importXcsp } from './xcsp';
