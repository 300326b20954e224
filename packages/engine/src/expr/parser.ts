import type { BinaryOperator, Expression, ExprNode, Span } from './ast';
import { ExpressionSyntaxError, expressionError } from './errors';
import { type Token, tokenize } from './lexer';

/** Binding strength of each operator group, low to high; `if` and atoms sit outside this table. */
export const PRECEDENCE = {
  implies: 1,
  or: 2,
  and: 3,
  not: 4,
  comparison: 5,
  membership: 6,
  concat: 7,
  additive: 8,
  multiplicative: 9,
  unary: 10,
} as const;

/** How operators of one precedence group combine with each other. */
export type Associativity = 'left' | 'right' | 'none';

/** Precedence and associativity of a binary operator. */
export function binaryOperatorInfo(op: BinaryOperator): { precedence: number; associativity: Associativity } {
  switch (op) {
    case 'implies':
      return { precedence: PRECEDENCE.implies, associativity: 'right' };
    case 'or':
      return { precedence: PRECEDENCE.or, associativity: 'left' };
    case 'and':
      return { precedence: PRECEDENCE.and, associativity: 'left' };
    case 'in':
    case 'not in':
      return { precedence: PRECEDENCE.membership, associativity: 'none' };
    case '&':
      return { precedence: PRECEDENCE.concat, associativity: 'left' };
    case '+':
    case '-':
      return { precedence: PRECEDENCE.additive, associativity: 'left' };
    case '*':
    case '/':
    case '%':
      return { precedence: PRECEDENCE.multiplicative, associativity: 'left' };
    default:
      return { precedence: PRECEDENCE.comparison, associativity: 'none' };
  }
}

/** Options for {@link parseExpression}. */
export type ParseContext = {
  /** Model path of the expression (e.g. `constraints[2].rule`), prefixed to error messages. */
  readonly path?: string;
};

/**
 * Parses `source` once into a typed tree with spans.
 * @throws {ExpressionSyntaxError} with message like `constraints[2].rule: unexpected token 'then' at 1:14`.
 */
export function parseExpression(source: string, context: ParseContext = {}): Expression {
  const { path } = context;
  const tokens = tokenize(source, path);
  let index = 0;

  const peek = (ahead = 0): Token => tokens[Math.min(index + ahead, tokens.length - 1)] as Token;
  const next = (): Token => {
    const token = peek();
    if (index < tokens.length - 1) index++;
    return token;
  };
  const is = (token: Token, value: string): boolean =>
    (token.type === 'keyword' || token.type === 'punctuator') && token.value === value;
  const fail = (span: Span, message: string): never => {
    throw new ExpressionSyntaxError(expressionError(source, span, 'syntax', message, path));
  };
  const unexpected = (token: Token, expected?: string): never => {
    const found =
      token.type === 'eof'
        ? 'unexpected end of expression'
        : `unexpected token '${source.slice(token.span.start, token.span.end)}'`;
    return fail(token.span, expected === undefined ? found : `${found}; expected ${expected}`);
  };
  const expect = (value: string): Token => (is(peek(), value) ? next() : unexpected(peek(), `'${value}'`));
  const spanFrom = (start: number): Span => ({ start, end: tokens[index - 1]?.span.end ?? start });

  const infixAt = (token: Token): { op: BinaryOperator; width: number } | undefined => {
    if (token.type === 'punctuator' && !['(', ')', '[', ']', ','].includes(token.value)) {
      return { op: token.value as BinaryOperator, width: 1 };
    }
    if (token.type !== 'keyword') return undefined;
    if (token.value === 'not') return is(peek(1), 'in') ? { op: 'not in', width: 2 } : undefined;
    return ['implies', 'or', 'and', 'in'].includes(token.value)
      ? { op: token.value as BinaryOperator, width: 1 }
      : undefined;
  };

  const parseBinary = (minPrecedence: number): ExprNode => {
    let left = parsePrefix();
    while (true) {
      const infix = infixAt(peek());
      if (infix === undefined) return left;
      const { precedence, associativity } = binaryOperatorInfo(infix.op);
      if (precedence < minPrecedence) return left;
      const opToken = peek();
      index += infix.width;
      const right = parseBinary(associativity === 'right' ? precedence : precedence + 1);
      left = { kind: 'binary', op: infix.op, left, right, span: { start: left.span.start, end: right.span.end } };
      const following = infixAt(peek());
      if (associativity === 'none' && following && binaryOperatorInfo(following.op).precedence === precedence) {
        fail({ start: opToken.span.start, end: peek().span.end }, `'${infix.op}' cannot be chained; add parentheses`);
      }
    }
  };

  const parseList = (close: string): ExprNode[] => {
    const items: ExprNode[] = [];
    while (!is(peek(), close)) {
      items.push(parseBinary(0));
      if (!is(peek(), close)) expect(',');
    }
    next();
    return items;
  };

  const parsePrefix = (): ExprNode => {
    const token = next();
    const start = token.span.start;
    switch (token.type) {
      case 'number':
        return { kind: 'number', value: token.value, span: token.span };
      case 'string':
        return { kind: 'string', value: token.value, span: token.span };
      case 'param':
        return { kind: 'param', name: token.value, span: token.span };
      case 'identifier':
        if (!is(peek(), '(')) return { kind: 'option', id: token.value, span: token.span };
        next();
        return { kind: 'call', name: token.value, args: parseList(')'), span: spanFrom(start), nameSpan: token.span };
      case 'eof':
        return unexpected(token, 'an expression');
      default:
        break;
    }
    switch (token.value) {
      case 'true':
      case 'false':
        return { kind: 'boolean', value: token.value === 'true', span: token.span };
      case 'null':
        return { kind: 'null', span: token.span };
      case '(': {
        const inner = parseBinary(0);
        expect(')');
        return inner;
      }
      case '[':
        return { kind: 'list', items: parseList(']'), span: spanFrom(start) };
      case 'not':
      case '-': {
        const operand = parseBinary(token.value === 'not' ? PRECEDENCE.not : PRECEDENCE.unary);
        return { kind: 'unary', op: token.value, operand, span: { start, end: operand.span.end } };
      }
      case 'if': {
        const condition = parseBinary(0);
        expect('then');
        const whenTrue = parseBinary(0);
        expect('else');
        const whenFalse = parseBinary(0);
        return { kind: 'if', condition, whenTrue, whenFalse, span: { start, end: whenFalse.span.end } };
      }
      default:
        return unexpected(token);
    }
  };

  const root = parseBinary(0);
  if (peek().type !== 'eof') unexpected(peek(), 'an operator or the end of the expression');
  return path === undefined ? { source, root } : { source, root, path };
}
