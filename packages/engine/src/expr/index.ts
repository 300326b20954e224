export type { BinaryOperator, Expression, ExprNode, Span, UnaryOperator } from './ast';
export { childrenOf } from './ast';
export { BUILTINS, type Builtin, builtinNamed } from './builtins';
export { checkExpression, inferExpressionType, type TypedExpression } from './check';
export {
  describeExpressionError,
  type ExpressionError,
  type ExpressionErrorCode,
  ExpressionSyntaxError,
  expressionError,
} from './errors';
export { type CompiledExpression, compileExpression, type Environment, evaluate, evaluateTruth } from './evaluate';
export { formatExpression } from './format';
export { isBareIdentifier, KEYWORDS, type Token, tokenize } from './lexer';
export { formatFraction, roundHalfAway } from './numbers';
export { type ParseContext, parseExpression } from './parser';
export { calledFunctions, referencedOptions, referencedParams } from './references';
export type { ExprType, OptionKind, ScalarType, SymbolTable } from './symbols';
export { satisfyingTuples, type TupleTable } from './tuples';
export { type Scalar, type Truth, toText, toTruth, type Value } from './values';
