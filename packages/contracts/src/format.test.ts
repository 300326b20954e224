import { describe, expect, it } from 'vitest';
import { EM_DASH, formatCents, formatCurrency, formatDate, formatPhone, moneyToCents, orDash } from './format';

describe('formatCurrency', () => {
  it.each([
    [1234.5, '$1,234.50'],
    ['1234.5000', '$1,234.50'],
    [0, '$0.00'],
    [1_000_000, '$1,000,000.00'],
    [-12.345, '-$12.35'],
    [null, EM_DASH],
    ['', EM_DASH],
    ['abc', EM_DASH],
  ])('%s -> %s', (input, expected) => expect(formatCurrency(input)).toBe(expected));

  it('formats cents', () => expect(formatCents(123450)).toBe('$1,234.50'));
});

describe('formatPhone', () => {
  it.each([
    ['5551234567', '(555) 123-4567'],
    ['555-123-4567', '(555) 123-4567'],
    ['+1 555 123 4567', '+1 (555) 123-4567'],
    ['12345', '12345'],
    [undefined, EM_DASH],
  ])('%s -> %s', (input, expected) => expect(formatPhone(input)).toBe(expected));
});

describe('formatDate', () => {
  it('uses MM/DD/YYYY', () => expect(formatDate(new Date(2026, 0, 5))).toBe('01/05/2026'));
  it('gives an em dash for nothing or nonsense', () => {
    expect(formatDate(null)).toBe(EM_DASH);
    expect(formatDate('not a date')).toBe(EM_DASH);
  });
});

describe('orDash', () => {
  it('keeps zero and text, dashes empties', () => {
    expect(orDash(0)).toBe('0');
    expect(orDash('x')).toBe('x');
    expect(orDash('')).toBe(EM_DASH);
  });
});

describe('moneyToCents', () => {
  it('reads numeric text as exact integer cents', () => {
    expect(moneyToCents('1140.0000')).toBe(114_000);
    expect(moneyToCents('0.29')).toBe(29);
    expect(moneyToCents('1234.5')).toBe(123_450);
    expect(moneyToCents('12')).toBe(1200);
    expect(moneyToCents('-0.05')).toBe(-5);
    // 0.1 + 0.2 style float error cannot happen: 1.13 * 100 is 112.99999999999999 in floats.
    expect(moneyToCents('1.13')).toBe(113);
    expect(moneyToCents('99999999.9999')).toBe(10_000_000_000);
  });

  it('rounds half away from zero at the third decimal', () => {
    expect(moneyToCents('2.345')).toBe(235);
    expect(moneyToCents('2.3449')).toBe(234);
    expect(moneyToCents('-2.345')).toBe(-235);
  });

  it('refuses what is not a decimal amount', () => {
    for (const bad of ['', 'abc', '1e3', '1,000.00', '$5', '1.2.3']) expect(() => moneyToCents(bad)).toThrow();
  });
});
