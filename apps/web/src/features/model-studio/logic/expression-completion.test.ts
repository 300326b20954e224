import { describe, expect, it } from 'vitest';
import { completionsAt } from './expression-completion';
import { highlightPieces, tokensOf } from './expression-tokens';
import type { TModel } from './model-edits';

const model: TModel = {
  id: 'desk',
  name: 'Desk',
  version: 1,
  options: [
    {
      id: 'top',
      caption: 'Top',
      kind: 'single',
      displayType: 'dropdown',
      values: [{ value: 'oak' }, { value: "o'k" }],
    },
    { id: 'leg style', caption: 'Legs', kind: 'single', displayType: 'dropdown', values: [{ value: 'steel' }] },
  ],
  pages: [],
  constraints: [],
  params: [{ name: 'region', type: 'string' }],
} as TModel;

const labels = (source: string, caret = source.length, isExplicit = false) =>
  completionsAt(model, source, caret, isExplicit)?.items.map((item) => item.label) ?? null;

describe('completionsAt', () => {
  it('offers names only once a word is begun, or when asked', () => {
    expect(labels('')).toBeNull();
    expect(labels('', 0, true)).toContain('top');
    expect(labels('to')).toEqual(['top']);
    expect(labels('top')).toBeNull();
    expect(labels('12e')).toBeNull();
  });

  it('writes backticks for names that need them and escapes quotes in values', () => {
    expect(completionsAt(model, 'le', 2)?.items[0]).toMatchObject({ label: 'leg style', insert: '`leg style`' });
    expect(completionsAt(model, "top = 'o", 8)).toMatchObject({
      from: 7,
      to: 8,
      items: [{ insert: "oak'" }, { insert: "o\\'k'" }],
    });
  });

  it('replaces the closing quote already there, and finds the option of an in-list', () => {
    expect(completionsAt(model, "top = 'o'", 8)).toMatchObject({ from: 7, to: 9 });
    expect(labels("top not in ('oak', '")).toEqual(['oak', "o'k"]);
    expect(labels('`leg style` = ')).toEqual(['steel']);
    expect(completionsAt(model, '`leg style` = ', 14)?.items[0]?.insert).toBe("'steel'");
  });

  it('replaces the whole name around the caret', () => {
    const result = completionsAt(model, 'tp + 1', 1);
    expect(result).toMatchObject({ from: 0, to: 2 });
    expect(result?.items[0]?.insert).toBe('top');
  });

  it('offers declared and standard parameters after $', () => {
    expect(labels('$reg')).toEqual(['$region']);
    expect(labels('$Quote')).toEqual(['$QuoteId']);
  });
});

describe('highlightPieces', () => {
  it('colours a string still being typed as a string, and what follows a stray character plain', () => {
    expect(tokensOf("top = 'oa").brokenAt).toBe(6);
    const pieces = highlightPieces("top = 'oa", []);
    expect(pieces.map((piece) => piece.text).join('')).toBe("top = 'oa");
    expect(pieces.at(-1)).toEqual({ text: "'oa", kind: 'string', isError: false });
    expect(highlightPieces('top # 1', []).at(-1)).toEqual({ text: ' # 1', kind: 'plain', isError: false });
  });

  it('marks the error spans, and a trailing space for an error at the end', () => {
    const span = { code: 'syntax', message: 'x', line: 1, column: 1, snippet: '' } as const;
    const pieces = highlightPieces('a >', [{ ...span, start: 3, end: 3 }]);
    expect(pieces.at(-1)).toEqual({ text: ' ', kind: 'plain', isError: true });
    expect(highlightPieces('ab', [{ ...span, start: 0, end: 1 }])[0]).toEqual({
      text: 'a',
      kind: 'option',
      isError: true,
    });
  });
});
