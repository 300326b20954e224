import { describe, expect, it } from 'vitest';
import { formatExpression } from './format';
import { parseExpression } from './parser';

const canonical = (source: string) => formatExpression(parseExpression(source));

describe('formatExpression', () => {
  it.each([
    ["frame='carbon'  implies  brakes!='rim'", "frame = 'carbon' implies brakes != 'rim'"],
    ['(a and b) or c', 'a and b or c'],
    ['a and (b or c)', 'a and (b or c)'],
    ['(a implies b) implies c', '(a implies b) implies c'],
    ['a implies (b implies c)', 'a implies b implies c'],
    ['(not a) = b', '(not a) = b'],
    ['not (a = b)', 'not a = b'],
    ['(a = b) = c', '(a = b) = c'],
    ['a - (b - c)', 'a - (b - c)'],
    ['(a - b) - c', 'a - b - c'],
    ['-(a + b)', '-(a + b)'],
    ['-(-a)', '-(-a)'],
    ['1 + (if a then 1 else 2)', '1 + (if a then 1 else 2)'],
    [
      'if (if a then b else c) then 1 else if d then 2 else 3',
      'if (if a then b else c) then 1 else if d then 2 else 3',
    ],
    ['x not in ["a", "b"]', "x not in ['a', 'b']"],
  ])('%s -> %s', (source, expected) => {
    expect(canonical(source)).toBe(expected);
  });

  it('escapes strings and quotes names that need it', () => {
    expect(canonical(String.raw`"it's\n\t\\" & '\u0001'`)).toBe(String.raw`'it\'s\n\t\\' & '\u0001'`);
    expect(canonical('`101` = `and` and `a-b` = 1')).toBe('`101` = `and` and `a-b` = 1');
    expect(canonical('$`co-type` = $state')).toBe('$`co-type` = $state');
  });

  it('prints numbers so they parse back', () => {
    expect(canonical('1e21 + 0.5 + 1.5e-7')).toBe('1e+21 + 0.5 + 1.5e-7');
  });
});
