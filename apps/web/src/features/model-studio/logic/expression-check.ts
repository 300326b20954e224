import {
  checkExpression,
  describeExpressionError,
  type ExpressionError,
  ExpressionSyntaxError,
  parseExpression,
  type ScalarType,
  symbolTableOf,
} from '@cpq/engine';
import type { TModel } from './model-edits';

/** The engine's verdict on one expression: the located errors, and the words for them (null when it is fine). */
export type TExpressionCheck = { readonly message: string | null; readonly errors: readonly ExpressionError[] };

/**
 * The engine's parse and check errors for one expression of the model, with their places in the text, and the
 * message the server would give ('line:column' and words). `expected` is the type its place needs ('any' for
 * output values).
 */
export function checkExpressionText(model: TModel, source: string, expected: ScalarType | 'any'): TExpressionCheck {
  if (source.trim() === '') return { message: 'Write an expression.', errors: [] };
  let errors: readonly ExpressionError[];
  try {
    const expression = parseExpression(source, { path: '' });
    errors = checkExpression(expression, symbolTableOf(model), expected === 'any' ? undefined : expected);
  } catch (error) {
    if (!(error instanceof ExpressionSyntaxError)) throw error;
    errors = [error.error];
  }
  if (errors.length === 0) return { message: null, errors };
  return { message: errors.map((error) => describeExpressionError(error).replace(/^: /, '')).join(' '), errors };
}

/** The message of {@link checkExpressionText}, or null when the expression is fine. */
export function expressionProblem(model: TModel, source: string, expected: ScalarType | 'any'): string | null {
  return checkExpressionText(model, source, expected).message;
}
