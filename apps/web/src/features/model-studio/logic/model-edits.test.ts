import { describe, expect, it } from 'vitest';
import { centsFromText, moveItem, nextId, removeOption, renameOption, type TModel, textFromCents } from './model-edits';

const model: TModel = {
  id: 'desk',
  name: 'Desk',
  version: 1,
  options: [
    { id: 'top', caption: 'Top', kind: 'single', displayType: 'dropdown', values: [{ value: 'oak' }] },
    { id: 'legs', caption: 'Legs', kind: 'single', displayType: 'dropdown', values: [{ value: 'steel' }] },
  ],
  pages: [{ id: 'p', caption: 'P', screens: [{ id: 's', caption: 'S', options: ['top', 'legs'] }] }],
  constraints: [
    { kind: 'table', id: 't', options: ['top', 'legs'], semantics: 'allowed', tuples: [['oak', 'steel']] },
    { kind: 'rule', id: 'r', rule: "top = 'oak'" },
  ],
};

describe('model edits', () => {
  it('moves an item within bounds and leaves the list otherwise alone', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 9)).toEqual(['a', 'b']);
  });

  it('reads dollars as exact integer cents and writes them back', () => {
    expect(centsFromText('12')).toBe(1200);
    expect(centsFromText('12.5')).toBe(1250);
    expect(centsFromText('$1,234.05')).toBe(123405);
    expect(centsFromText('0.10')).toBe(10);
    expect(centsFromText('-3.99')).toBe(-399);
    for (const bad of ['', 'abc', '1.234', '1e3', '12.5.1']) expect(centsFromText(bad)).toBeNull();
    expect(textFromCents(1250)).toBe('12.50');
    expect(textFromCents(-5)).toBe('-0.05');
    expect(textFromCents(undefined)).toBe('');
  });

  it('names new parts with the first free number', () => {
    expect(nextId('option', ['option1', 'option3'])).toBe('option2');
  });

  it('renames an option on its screens and in tables', () => {
    const renamed = renameOption(model, 'top', 'surface');
    expect(renamed.options[0]?.id).toBe('surface');
    expect(renamed.pages[0]?.screens[0]?.options).toEqual(['surface', 'legs']);
    expect(renamed.constraints[0]).toMatchObject({ options: ['surface', 'legs'] });
  });

  it('removes an option from its screens and its column from tables', () => {
    const removed = removeOption(model, 0);
    expect(removed.options.map((option) => option.id)).toEqual(['legs']);
    expect(removed.pages[0]?.screens[0]?.options).toEqual(['legs']);
    expect(removed.constraints[0]).toMatchObject({ options: ['legs'], tuples: [['steel']] });
  });
});
