import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  fromCents,
  isMoneyInRange,
  isSameMoney,
  lineTotal,
  MONEY_MAX,
  percentOf,
  quoteTotal,
  toCents,
  unitPrice,
} from './money';

describe('unitPrice', () => {
  it.each([
    ['0.125', '0.13'],
    ['1.005', '1.01'],
    ['-2.345', '-2.35'],
    ['2.3449', '2.34'],
    ['4.0150', '4.02'],
    ['12', '12.00'],
    ['-0.001', '0.00'],
    [1.005, '1.01'],
    [0.1 + 0.2, '0.30'],
  ])('%s is held to %s', (amount, expected) => expect(unitPrice(amount)).toBe(expected));

  it('refuses what is not an amount', () => {
    expect(() => unitPrice('1e3')).toThrow(RangeError);
    expect(() => unitPrice('abc')).toThrow(RangeError);
    expect(() => unitPrice(Number.NaN)).toThrow(RangeError);
  });
});

describe('line and quote totals', () => {
  it('multiplies the unit price held to cents', () => {
    // Every surface shows this line as $0.13 x 8 = $1.04.
    expect(lineTotal({ price: '0.125', quantity: 8 })).toBe('1.04');
    expect(lineTotal({ price: '999999999999.9999', quantity: 1000 })).toBe('1000000000000000.00');
  });

  it('shows a quote of free lines as 0.00', () => {
    expect(quoteTotal([{ price: '0.0000', quantity: 1 }])).toBe('0.00');
  });

  it('sums line totals exactly', () => {
    const lines = [
      { price: '0.125', quantity: 8 },
      { price: '1.005', quantity: 3 },
      { price: '0.3333', quantity: 3 },
    ];
    expect(quoteTotal(lines)).toBe('5.06');
    expect(quoteTotal([])).toBe('0.00');
  });

  it('adds up on random quotes: the total is the sum of the shown line totals, in cents too', () => {
    const price = fc
      .tuple(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 9999 }))
      .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(4, '0')}`);
    const line = fc.record({ price, quantity: fc.integer({ min: 1, max: 1_000_000 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const totals = lines.map(lineTotal);
        const cents = totals.reduce((sum, total) => sum + BigInt(total.replace('.', '')), 0n);
        // Compared as numbers: an all-zero quote shows 0.00, whose digits are '000'.
        expect(BigInt(quoteTotal(lines).replace('.', ''))).toBe(cents);
        for (const [i, entry] of lines.entries()) {
          const unitCents = BigInt(unitPrice(entry.price).replace('.', ''));
          expect(BigInt(totals[i]?.replace('.', '') ?? '')).toBe(unitCents * BigInt(entry.quantity));
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('range', () => {
  it('takes amounts up to MONEY_MAX once held to cents', () => {
    expect(isMoneyInRange(MONEY_MAX)).toBe(true);
    expect(isMoneyInRange(`-${MONEY_MAX}`)).toBe(true);
    expect(isMoneyInRange('999999999999999.9949')).toBe(true);
    // Held to cents this is 1,000,000,000,000,000.00: one cent past what the column holds.
    expect(isMoneyInRange('999999999999999.9999')).toBe(false);
    expect(isMoneyInRange('1000000000000000')).toBe(false);
  });
});

describe('cents', () => {
  it('converts exactly, held to cents', () => {
    expect(toCents('4.0150')).toBe(402);
    expect(toCents('1140.57')).toBe(114_057);
    expect(toCents('1.13')).toBe(113);
    expect(toCents('-0.05')).toBe(-5);
    expect(fromCents(114_000)).toBe('1140.00');
    expect(fromCents(-5)).toBe('-0.05');
    expect(fromCents(0)).toBe('0.00');
  });

  it('refuses cents a number cannot hold exactly', () => {
    expect(() => toCents(MONEY_MAX)).toThrow(RangeError);
    expect(() => fromCents(0.5)).toThrow(RangeError);
  });

  it('compares at whole cents', () => {
    expect(isSameMoney('4.0150', '4.02')).toBe(true);
    expect(isSameMoney('4.01', '4.02')).toBe(false);
  });
});

describe('formatMoney', () => {
  it.each([
    ['1234.5', '$1,234.50'],
    ['0', '$0.00'],
    ['-12.345', '-$12.35'],
    ['1.005', '$1.01'],
    [MONEY_MAX, '$999,999,999,999,999.99'],
    ['-0.001', '$0.00'],
    [1_000_000, '$1,000,000.00'],
  ])('%s -> %s', (amount, expected) => expect(formatMoney(amount)).toBe(expected));

  it.each([
    ['1234.5', 'EUR', '€1,234.50'],
    ['-12.345', 'GBP', '-£12.35'],
    ['12', 'CHF', 'CHF 12.00'],
    ['12', 'CAD', 'CA$12.00'],
    ['12', 'USD', '$12.00'],
    ['12', 'XTS', 'XTS 12.00'],
  ])('%s in %s -> %s', (amount, currency, expected) => expect(formatMoney(amount, currency)).toBe(expected));
});

describe('percentOf', () => {
  it('takes a percentage of list exactly, held to cents half away from zero', () => {
    expect(percentOf('199.99', '85')).toBe('169.99');
    expect(percentOf('10.00', '33.33')).toBe('3.33');
    // 0.015 exactly; as a binary float it is 0.01499..., which would round down.
    expect(percentOf('0.15', '10')).toBe('0.02');
    expect(percentOf('999999999999999.99', '100')).toBe('999999999999999.99');
    expect(percentOf('1140.5', '112.5')).toBe('1283.06');
  });
});
