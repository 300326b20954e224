import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText, MAX_REQUEST_DEPTH } from './storable-text';

describe('isStorableText', () => {
  it('refuses NUL and lone surrogates, accepts other text including emoji and control characters', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\uD800b')).toBe(false);
    expect(isStorableText('\uDC00')).toBe(false);
    expect(isStorableText('x\uD83D')).toBe(false);
    expect(isStorableText('ok 😀 \t\n\u0001 ü')).toBe(true);
  });
});

describe('findUnstorableText', () => {
  it('names the field of each bad value and key, however nested', () => {
    const body = { input: { firstName: 'A\u0000', tags: ['ok', '\uDFFF'] }, 'k\u0000': 1, fine: 'yes' };
    expect(
      findUnstorableText(body)
        .map((found) => found.path)
        .sort(),
    ).toEqual(['"k\\u0000"', 'input.firstName', 'input.tags.1']);
  });

  it('finds nothing in a clean body', () => {
    expect(findUnstorableText({ a: [{ b: 'c' }], n: 1, z: null })).toEqual([]);
  });

  it('refuses nesting past the limit without recursing', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const found = findUnstorableText(deep);
    expect(found).toEqual([{ path: Array.from({ length: MAX_REQUEST_DEPTH }, () => '0').join('.'), reason: 'depth' }]);
  });
});
