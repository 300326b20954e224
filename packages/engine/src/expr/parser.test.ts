import { describe, expect, it } from 'vitest';
import type { ExprNode } from './ast';
import { ExpressionSyntaxError } from './errors';
import { parseExpression } from './parser';

/** Fully parenthesized S-expression, so tests can state exactly how operators grouped. */
function sexpr(node: ExprNode): string {
  switch (node.kind) {
    case 'number':
      return String(node.value);
    case 'string':
      return JSON.stringify(node.value);
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    case 'list':
      return `[${node.items.map(sexpr).join(' ')}]`;
    case 'option':
      return node.id;
    case 'param':
      return `$${node.name}`;
    case 'unary':
      return `(${node.op} ${sexpr(node.operand)})`;
    case 'binary':
      return `(${node.op} ${sexpr(node.left)} ${sexpr(node.right)})`;
    case 'if':
      return `(if ${sexpr(node.condition)} ${sexpr(node.whenTrue)} ${sexpr(node.whenFalse)})`;
    case 'call':
      return `(${node.name}() ${node.args.map(sexpr).join(' ')})`.replace(' )', ')');
  }
}

const shape = (source: string) => sexpr(parseExpression(source).root);

function syntaxError(source: string, path?: string): ExpressionSyntaxError {
  try {
    parseExpression(source, path === undefined ? {} : { path });
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected a syntax error for ${source}`);
}

describe('parseExpression: literals and names', () => {
  it.each([
    ['12', '12'],
    ['0.5', '0.5'],
    ['1e3', '1000'],
    ["'carbon'", '"carbon"'],
    ['"carbon"', '"carbon"'],
    ['true', 'true'],
    ['false', 'false'],
    ['null', 'null'],
    ["['a', 'b']", '["a" "b"]'],
    ['[]', '[]'],
    ['frame_2', 'frame_2'],
    ['`101`', '101'],
    ['`frame-color.v2`', 'frame-color.v2'],
    ['`and`', 'and'],
    ['$QuoteId', '$QuoteId'],
    ['$`co-type`', '$co-type'],
    ['isSet(brakes)', '(isSet() brakes)'],
    ['min(1, 2, 3)', '(min() 1 2 3)'],
  ])('%s', (source, expected) => {
    expect(shape(source)).toBe(expected);
  });

  it('decodes string escapes', () => {
    const root = parseExpression(String.raw`'it\'s \"x\" \\ \n\t\r\0 \u00e9'`).root;
    expect(root).toMatchObject({ kind: 'string', value: 'it\'s "x" \\ \n\t\r\0 é' });
    expect(parseExpression(`"say 'hi'"`).root).toMatchObject({ value: "say 'hi'" });
  });

  it('records spans', () => {
    const root = parseExpression("  width >= 'x'").root;
    expect(root.span).toEqual({ start: 2, end: 14 });
    expect(root.kind === 'binary' && root.left.span).toEqual({ start: 2, end: 7 });
  });
});

describe('parseExpression: precedence', () => {
  it.each([
    ['a implies b implies c', '(implies a (implies b c))'],
    ['a or b implies c', '(implies (or a b) c)'],
    ['a or b and c', '(or a (and b c))'],
    ['a and b or c', '(or (and a b) c)'],
    ['not a and b', '(and (not a) b)'],
    ['not a = b', '(not (= a b))'],
    ['not not a', '(not (not a))'],
    ["a = 'x' and b != 'y'", '(and (= a "x") (!= b "y"))'],
    ['a < b or a <= b or a > b or a >= b', '(or (or (or (< a b) (<= a b)) (> a b)) (>= a b))'],
    ["a in ['x'] = b", '(= (in a ["x"]) b)'],
    ["a not in ['x', 'y']", '(not in a ["x" "y"])'],
    ["'a' & b in ['ab']", '(in (& "a" b) ["ab"])'],
    ['a & b + c', '(& a (+ b c))'],
    ['a + b * c', '(+ a (* b c))'],
    ['a - b - c', '(- (- a b) c)'],
    ['a / b % c * d', '(* (% (/ a b) c) d)'],
    ['-a * b', '(* (- a) b)'],
    ['- -a', '(- (- a))'],
    ['a - -1', '(- a (- 1))'],
    ['(a + b) * c', '(* (+ a b) c)'],
    ['if a then 1 else 2 + 3', '(if a 1 (+ 2 3))'],
    ['1 + if a then 1 else 2', '(+ 1 (if a 1 2))'],
    ['if a then 1 else if b then 2 else 3', '(if a 1 (if b 2 3))'],
    ['x = not y', '(= x (not y))'],
  ])('%s', (source, expected) => {
    expect(shape(source)).toBe(expected);
  });
});

describe('parseExpression: syntax errors', () => {
  it('prefixes the model path and gives line:column', () => {
    const error = syntaxError("frame = 'x' then", 'constraints[2].rule');
    expect(error.message).toBe(
      "constraints[2].rule: unexpected token 'then'; expected an operator or the end of the expression at 1:13",
    );
    expect(error.error).toMatchObject({
      code: 'syntax',
      start: 12,
      end: 16,
      line: 1,
      column: 13,
      path: 'constraints[2].rule',
    });
    expect(error.error.snippet).toBe("frame = 'x' then\n            ^^^^");
  });

  it('omits the prefix without a path', () => {
    expect(syntaxError('a and').message).toBe('unexpected end of expression; expected an expression at 1:6');
  });

  it('locates errors on later lines', () => {
    const error = syntaxError("a = 'x'\n  and ) ");
    expect(error.error).toMatchObject({ line: 2, column: 7, snippet: '  and ) \n      ^' });
  });

  it.each([
    ["if a then 'x'", "expected 'else'"],
    ['if a 1 else 2', "unexpected token '1'; expected 'then'"],
    ['(a + b', "expected ')'"],
    ['f(a b)', "expected ','"],
    ['[1, 2', "expected ','"],
    ["'open", 'unterminated string'],
    ["'a\\qb'", "unknown escape '\\q'"],
    ['`open', 'unterminated backtick name'],
    ['``', 'empty backtick name'],
    ['$', "expected a parameter name after '$'"],
    ['12abc', "invalid number '12a'"],
    ['a # b', "unexpected character '#'"],
    ['a == b', "unexpected '==': use '=' to compare"],
    ['a <> b', "use '!='"],
    ['a && b', "use 'and'"],
    ['a || b', "use 'or'"],
    ['!a', "use 'not'"],
    ['a = b = c', "'=' cannot be chained"],
    ['a < b > c', "'<' cannot be chained"],
    ["a in ['x'] in [true]", "'in' cannot be chained"],
    ['', 'unexpected end of expression'],
    ['a b', "unexpected token 'b'"],
    ['then', "unexpected token 'then'"],
  ])('%s', (source, message) => {
    expect(syntaxError(source).message).toContain(message);
  });

  it('reports the span of the unterminated string', () => {
    expect(syntaxError("a = 'x").error).toMatchObject({ start: 4, end: 6, column: 5 });
  });
});
