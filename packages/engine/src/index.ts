export {
  type CheckConfiguration,
  type CheckFinding,
  type CheckOptions,
  type CheckReport,
  checkModel,
  type FindingKind,
  type FindingSeverity,
} from './check/check';
export { diffModels, type ModelDiff, type ValueChange } from './check/diff';
export {
  type ConfigurationChange,
  type ReplayResult,
  replayConfigurations,
  type StoredConfiguration,
} from './check/replay';
export {
  type CompiledDiagram,
  type CompiledModel,
  type CompileOptions,
  type CompileStats,
  compileDiagram as compileCoreDiagram,
  compileModel as compileCore,
  DIAGRAM_FORMAT,
} from './compile/compile';
export { lowerRuleByDefault, parseRule } from './compile/rule-lowering';
export { lowerRules, type RuleLowerer, tableFromPredicate } from './compile/rules';
export type { ChoiceChange, Explanation } from './explanation/explain';
export * from './expr';
export {
  BudgetExceededError,
  DisabledValueError,
  EngineError,
  type EngineErrorCode,
  InvalidValueError,
  ModelValidationError,
} from './model/errors';
export type { ConstraintId, OptionId } from './model/ids';
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
} from './model/model';
export { analyseExpressions, expressionSites, SPEC_PARAMS, symbolTableOf } from './model/model-expressions';
export { parseModel } from './model/model-validation';
export { importXcsp } from './model/xcsp';
export {
  type Abstraction,
  abstractModel,
  isRangeEnforced,
  type RuntimeBound,
  type RuntimeRule,
} from './product/abstraction';
export {
  FIELD_MESSAGES,
  isCalendarDate,
  msgNoLargerThan,
  msgNoSmallerThan,
  msgNotAvailable,
} from './product/field-messages';
export { buildNumberDomain, type Cut, type Interval, intervalIndexOf, type NumberDomain } from './product/intervals';
export type { UiDetail, UiMessage } from './product/outputs';
export { normaliseParams, type ParamsInput, type ParamValues, type SpecParam } from './product/params';
export { breakFactor, formatDollars, type PriceItem, priceCents, priceItems, quantityOf } from './product/pricing';
export {
  type CompiledProduct,
  compileModel,
  compileProductDiagram,
  type ProductGuarantee,
  type ProductStats,
  type ProductVariant,
} from './product/product-compile';
export {
  type AllowedRange,
  createSession,
  type InputValue,
  type NumberRange,
  type ProductExplanation,
  type ProductSession,
  type ProductSessionOptions,
  parseNumber,
} from './product-session/product-session';
export {
  type Choice,
  createSession as createCoreSession,
  type OptionState,
  type SelectResult,
  type Session,
  type SessionOptions,
} from './session/session';
export {
  priceItemsOf,
  type UiPage,
  type UiScreen,
  type UiScreenOption,
  type UiSelectableValue,
  type UiState,
  type UiStateOptions,
} from './ui-state/ui-state';
