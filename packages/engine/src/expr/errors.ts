import type { Span } from './ast';

/** What went wrong, so callers can group or filter problems without parsing messages. */
export type ExpressionErrorCode = 'syntax' | 'unknown-option' | 'unknown-param' | 'unknown-function' | 'arity' | 'type';

/** A problem in an expression, located in its source so it can be shown under the model line. */
export type ExpressionError = {
  readonly code: ExpressionErrorCode;
  /** Plain description without location, e.g. `unknown option 'colr'`. */
  readonly message: string;
  readonly start: number;
  readonly end: number;
  /** 1-based line of `start`. */
  readonly line: number;
  /** 1-based column of `start`. */
  readonly column: number;
  /** The offending source line with a caret line under the span. */
  readonly snippet: string;
  /** Model path of the expression, when the caller gave one. */
  readonly path?: string;
};

/** Builds an {@link ExpressionError} for `span` of `source`, computing line, column and snippet. */
export function expressionError(
  source: string,
  span: Span,
  code: ExpressionErrorCode,
  message: string,
  path?: string,
): ExpressionError {
  const lineStart = source.lastIndexOf('\n', span.start - 1) + 1;
  const newline = source.indexOf('\n', span.start);
  const lineEnd = newline === -1 ? source.length : newline;
  const line = countNewlines(source, lineStart) + 1;
  const lineText = source.slice(lineStart, lineEnd);
  // Keep tabs in the padding so the caret lines up however the viewer renders tabs.
  const pad = lineText.slice(0, span.start - lineStart).replace(/[^\t]/g, ' ');
  const width = Math.max(1, Math.min(span.end, lineEnd) - span.start);
  const snippet = `${lineText}\n${pad}${'^'.repeat(width)}`;
  const error = { code, message, start: span.start, end: span.end, line, column: span.start - lineStart + 1, snippet };
  return path === undefined ? error : { ...error, path };
}

/** One-line summary `path: message at line:column`, the form used in logs and thrown errors. */
export function describeExpressionError(error: ExpressionError): string {
  const prefix = error.path ? `${error.path}: ` : '';
  return `${prefix}${error.message} at ${error.line}:${error.column}`;
}

/** Thrown by `parseExpression` when the source is not a well-formed expression. */
export class ExpressionSyntaxError extends Error {
  /** The located problem, including the snippet with a caret. */
  readonly error: ExpressionError;

  constructor(error: ExpressionError) {
    super(describeExpressionError(error));
    this.name = 'ExpressionSyntaxError';
    this.error = error;
  }
}

function countNewlines(source: string, until: number): number {
  let count = 0;
  for (let i = source.indexOf('\n'); i !== -1 && i < until; i = source.indexOf('\n', i + 1)) count++;
  return count;
}
