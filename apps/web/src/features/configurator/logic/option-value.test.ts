import { describe, expect, it } from 'vitest';
import { makeOption } from '../test/fixtures';
import { displayText, formatFraction, isSameAsEngine, normalizeValue, parseNumberText } from './option-value';

describe('normalizeValue', () => {
  it("sends checkboxes as 'True'/'False'", () => {
    const option = makeOption({ DisplayType: 'checkbox' });
    expect(normalizeValue(option, true)).toBe('True');
    expect(normalizeValue(option, false)).toBe('False');
    expect(normalizeValue(option, 'true')).toBe('True');
  });

  it('sends numbers as numbers with thousands commas stripped', () => {
    const option = makeOption({ DisplayType: 'numerictextbox' });
    expect(normalizeValue(option, '2,400')).toBe(2400);
    expect(normalizeValue(option, ' 12.5 ')).toBe(12.5);
    expect(normalizeValue(makeOption({ DisplayType: 'numericcontrol' }), '-3')).toBe(-3);
  });

  it('reads mixed numbers for Fraction options', () => {
    const option = makeOption({ DisplayType: 'numericcontrol', DisplayFormat: 'Fraction' });
    expect(normalizeValue(option, '18 1/2')).toBe(18.5);
    expect(normalizeValue(option, '3/4')).toBe(0.75);
  });

  it('ignores an empty value', () => {
    expect(normalizeValue(makeOption({ DisplayType: 'textbox' }), '   ')).toBeUndefined();
    expect(normalizeValue(makeOption({ DisplayType: 'numerictextbox' }), '')).toBeUndefined();
  });

  it('sends text as typed, and number text that is not a number as text for the engine to refuse', () => {
    expect(normalizeValue(makeOption({ DisplayType: 'textbox' }), 'RAL 3020')).toBe('RAL 3020');
    expect(normalizeValue(makeOption({ DisplayType: 'numerictextbox' }), '12abc')).toBe('12abc');
  });
});

describe('formatFraction', () => {
  it.each([
    [18.5, '18 1/2'],
    [0.25, '1/4'],
    [3, '3'],
    [-1.5, '-1 1/2'],
    [2.0625, '2 1/16'],
    [Math.PI, String(Math.PI)],
  ])('%d -> %s', (value, text) => {
    expect(formatFraction(value)).toBe(text);
  });
});

describe('parseNumberText', () => {
  it('reads decimals and refuses text', () => {
    expect(parseNumberText('1,234.5')).toBe(1234.5);
    expect(parseNumberText('.5')).toBe(0.5);
    expect(parseNumberText('1/2')).toBeNull();
    expect(parseNumberText('1/0', true)).toBeNull();
    expect(parseNumberText('abc')).toBeNull();
  });
});

describe('displayText and isSameAsEngine', () => {
  it('shows Fraction values as mixed numbers', () => {
    const option = makeOption({ DisplayType: 'numericcontrol', DisplayFormat: 'Fraction', Value: '18.5' });
    expect(displayText(option)).toBe('18 1/2');
    expect(displayText(makeOption({ DisplayType: 'numericcontrol', Value: '18.5' }))).toBe('18.5');
  });

  it('compares what would be sent with the engine value', () => {
    const option = makeOption({ DisplayType: 'numerictextbox', Value: '2400' });
    expect(isSameAsEngine(option, '2,400')).toBe(true);
    expect(isSameAsEngine(option, '2,500')).toBe(false);
    expect(isSameAsEngine(makeOption({ DisplayType: 'textbox', Value: 'a' }), 'b')).toBe(false);
  });
});
