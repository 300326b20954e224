import { describe, expect, it } from 'vitest';
import { isBareIdentifier, tokenize } from './lexer';

const kinds = (source: string) =>
  tokenize(source).map((token) => (token.type === 'eof' ? 'eof' : `${token.type}:${token.value}`));

describe('tokenize', () => {
  it('splits operators, keywords, names and literals', () => {
    expect(kinds("a<=b and not`x-1`!=$P & 'q'")).toEqual([
      'identifier:a',
      'punctuator:<=',
      'identifier:b',
      'keyword:and',
      'keyword:not',
      'identifier:x-1',
      'punctuator:!=',
      'param:P',
      'punctuator:&',
      'string:q',
      'eof',
    ]);
  });

  it('reads numbers with fractions and exponents, and leaves the sign to the parser', () => {
    expect(kinds('-12.5e-1 0.5 7')).toEqual(['punctuator:-', 'number:1.25', 'number:0.5', 'number:7', 'eof']);
  });

  it('keeps keywords case-sensitive', () => {
    expect(kinds('AND True')).toEqual(['identifier:AND', 'identifier:True', 'eof']);
  });

  it('gives spans in source offsets', () => {
    expect(tokenize(' ab  12').map((token) => token.span)).toEqual([
      { start: 1, end: 3 },
      { start: 5, end: 7 },
      { start: 7, end: 7 },
    ]);
  });
});

describe('isBareIdentifier', () => {
  it.each([
    ['frame', true],
    ['_x1', true],
    ['101', false],
    ['a-b', false],
    ['and', false],
    ['', false],
  ])('%s', (text, expected) => {
    expect(isBareIdentifier(text)).toBe(expected);
  });
});
