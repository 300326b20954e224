import { describe, expect, it } from 'vitest';
import { EM_DASH, formatCurrency, formatDate, formatPhone, isCalendarDate, orDash } from './format';

describe('formatCurrency', () => {
  it.each([
    [1234.5, '$1,234.50'],
    ['1234.5000', '$1,234.50'],
    [0, '$0.00'],
    [1_000_000, '$1,000,000.00'],
    [-12.345, '-$12.35'],
    // Held to cents half away from zero on the decimal, as every line price.
    ['1.005', '$1.01'],
    [1.005, '$1.01'],
    ['123456789012345.6789', '$123,456,789,012,345.68'],
    [null, EM_DASH],
    ['', EM_DASH],
    ['abc', EM_DASH],
  ])('%s -> %s', (input, expected) => expect(formatCurrency(input)).toBe(expected));
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

describe('isCalendarDate', () => {
  it.each(['03/15/2027', '02/29/2028', '12/31/1999', ' 01/01/2030 '])('takes %s', (text) =>
    expect(isCalendarDate(text)).toBe(true),
  );
  it.each(['Test', '', '2027-03-15', '3/15/2027', '13/01/2027', '02/29/2027', '04/31/2027', '00/10/2027'])(
    'refuses %s',
    (text) => expect(isCalendarDate(text)).toBe(false),
  );
});

describe('orDash', () => {
  it('keeps zero and text, dashes empties', () => {
    expect(orDash(0)).toBe('0');
    expect(orDash('x')).toBe('x');
    expect(orDash('')).toBe(EM_DASH);
  });
});
