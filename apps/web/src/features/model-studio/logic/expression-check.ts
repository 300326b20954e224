import {
  checkExpression,
  describeExpressionError,
  ExpressionSyntaxError,
  parseExpression,
  type ScalarType,
  symbolTableOf,
} from '@cpq/engine';
import type { TModel } from './model-edits';

/**
 * The engine's parse and check errors for one expression of the model, as the server would report them ('line:column'
 * and message), or null when it is fine. `expected` is the type its place needs ('any' for output values).
 */
export function expressionProblem(model: TModel, source: string, expected: ScalarType | 'any'): string | null {
  if (source.trim() === '') return 'Write an expression.';
  try {
    const expression = parseExpression(source, { path: '' });
    const errors = checkExpression(expression, symbolTableOf(model), expected === 'any' ? undefined : expected);
    if (errors.length === 0) return null;
    return errors.map((error) => describeExpressionError(error).replace(/^: /, '')).join(' ');
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return describeExpressionError(error.error).replace(/^: /, '');
    throw error;
  }
}
