export { type CompiledModel, type CompileOptions, type CompileStats, compileModel } from './compile';
export {
  BudgetExceededError,
  DisabledValueError,
  EngineError,
  type EngineErrorCode,
  ModelValidationError,
} from './errors';
export type { ChoiceChange, Explanation } from './explain';
export type { ConstraintId, OptionId } from './ids';
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
export { parseModel } from './model-validation';
export { lowerRules, type RuleLowerer, tableFromPredicate } from './rules';
export {
  type Choice,
  createSession,
  type OptionState,
  type SelectResult,
  type Session,
  type SessionOptions,
} from './session';
export { importXcsp } from './xcsp';
