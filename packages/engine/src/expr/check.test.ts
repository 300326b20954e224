import { describe, expect, it } from 'vitest';
import { checkExpression, inferExpressionType } from './check';
import { parseExpression } from './parser';
import type { SymbolTable } from './symbols';

const symbols: SymbolTable = {
  options: { frame: 'string', brakes: 'string', width: 'number', height: 'number', lights: 'boolean', note: 'text' },
  params: { QuoteId: 'string', IsOrder: 'boolean', co_type: 'any' },
};
const check = (source: string, expected?: 'boolean' | 'number' | 'string') =>
  checkExpression(parseExpression(source, { path: 'options[3].visibleWhen' }), symbols, expected);
const messages = (source: string) => check(source).map((error) => `${error.code}: ${error.message}`);

describe('checkExpression: accepted', () => {
  it.each([
    "frame = 'carbon' implies brakes != 'rim'",
    "if frame = 'carbon' then 6000 else 4000",
    'width * height * 5 / 1000000',
    "'DR-' & width & 'x' & height & lights",
    "frame in ['a', 'b'] and width not in [1, 2]",
    "lights and lights = true and lights = 'True' and lights in ['True', 'False']",
    "note = '' or len(note) > 3 or upper(note) < 'M'",
    "isSet(brakes) and isSet($QuoteId) and $IsOrder and $co_type = 'x'",
    "coalesce(brakes, 'none') = 'rim'",
    "text(width, 2) & fraction(width / 25.4, 8) & text('a')",
    'min(width, height) + max(1, 2, 3) + round(width, -1) + floor(1.5) + ceil(1.5) + abs(-1)',
    'if isSet(width) then width else null',
  ])('%s', (source) => {
    expect(check(source)).toEqual([]);
  });

  it('infers the result type', () => {
    const infer = (source: string) => inferExpressionType(parseExpression(source), symbols).type;
    expect(infer("if lights then 'a' else null")).toBe('string');
    expect(infer('coalesce(null, width)')).toBe('number');
    expect(infer("['a', null]")).toBe('list<string>');
    expect(infer('width & 1')).toBe('string');
  });
});

describe('checkExpression: errors', () => {
  it('reports an unknown option with position, snippet and path', () => {
    expect(check("width > 1 and colr = 'red'")).toEqual([
      {
        code: 'unknown-option',
        message: "unknown option 'colr'",
        start: 14,
        end: 18,
        line: 1,
        column: 15,
        snippet: "width > 1 and colr = 'red'\n              ^^^^",
        path: 'options[3].visibleWhen',
      },
    ]);
  });

  it('hints at true/false and lowercase keywords', () => {
    expect(messages('lights = True')).toEqual([
      "unknown-option: unknown option 'True'; write true or the string 'True'",
    ]);
    expect(messages('not Lights or NOT')).toEqual([
      "unknown-option: unknown option 'Lights'",
      "unknown-option: unknown option 'NOT'; keywords are lowercase: 'not'",
    ]);
  });

  it.each([
    ['$Missing', "unknown-param: unknown parameter '$Missing'", 0, 8],
    ['sqrt(width)', "unknown-function: unknown function 'sqrt'", 0, 4],
    ['round(width, 1, 2)', 'arity: round() expects 1 to 2 arguments but got 3', 0, 18],
    ['abs()', 'arity: abs() expects 1 argument but got 0', 0, 5],
    ['fraction(1)', 'arity: fraction() expects 2 arguments but got 1', 0, 11],
    ['coalesce(width)', 'arity: coalesce() expects at least 2 arguments but got 1', 0, 15],
    ['min()', 'arity: min() expects at least 1 argument but got 0', 0, 5],
    ['width + frame', "type: '+' expects number but got string", 8, 13],
    ['not frame', "type: 'not' expects boolean but got string", 4, 9],
    ["-'a'", "type: '-' expects number but got string", 1, 4],
    ['width and lights', "type: 'and' expects boolean but got number", 0, 5],
    ["width = 'wide'", "type: cannot compare number with string using '='", 0, 14],
    ['lights < true', "type: cannot compare boolean with boolean using '<'", 0, 13],
    ['frame = true', "type: cannot compare string with boolean using '='", 0, 12],
    ["lights = 'yes'", "type: cannot compare boolean with string using '='", 0, 14],
    ['brakes = null', 'type: comparing with null is always unknown; use isSet(...)', 0, 13],
    ["width in ['a']", 'type: cannot look for a number in a list of string', 0, 14],
    ["frame in 'a'", "type: 'in' expects a list on its right but got string", 9, 12],
    ["[1, 'a']", 'type: list mixes number and string values', 4, 7],
    ['[[1]]', 'type: a list expects a single value but got a list', 1, 4],
    ['if frame then 1 else 2', "type: 'if' condition expects boolean but got string", 3, 8],
    ["if lights then 1 else 'a'", "type: the branches of 'if' have different types", 22, 25],
    ["isSet('a')", 'type: isSet() argument 1 must be an option or parameter', 6, 9],
    ['upper(width)', 'type: upper() argument 1 expects string but got number', 6, 11],
    ["coalesce(width, 'a')", 'type: coalesce() argument 2 is string but earlier ones are number', 16, 19],
    ["'a' & [1]", "type: '&' expects a single value but got a list", 6, 9],
  ])('%s', (source, message, start, end) => {
    const errors = check(source);
    expect(errors.map((error) => `${error.code}: ${error.message}`)).toEqual([message]);
    expect(errors[0]).toMatchObject({ start, end, line: 1, column: start + 1 });
  });

  it('keeps checking after an error and does not cascade', () => {
    expect(messages("colr = 'a' or sqrt(x) > 1 or width + frame > 2")).toEqual([
      "unknown-option: unknown option 'colr'",
      "unknown-option: unknown option 'x'",
      "unknown-function: unknown function 'sqrt'",
      "type: '+' expects number but got string",
    ]);
  });

  it('checks the expected result type', () => {
    expect(check('width * 2', 'number')).toEqual([]);
    expect(check('width * 2', 'boolean').map((error) => error.message)).toEqual([
      'expression must be boolean but is number',
    ]);
    expect(check('lights', 'boolean')).toEqual([]);
  });

  it('draws carets on the right line of a multi-line source', () => {
    const [error] = check("frame = 'a'\n\tand width = 'x'");
    expect(error).toMatchObject({ line: 2, column: 6, snippet: "\tand width = 'x'\n\t    ^^^^^^^^^^^" });
  });
});
