import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineTotal, quoteTotal } from './money';
import {
  discountOf,
  lineWaterfall,
  marginOf,
  netUnitParts,
  percentText,
  quoteNetLines,
  quoteWaterfall,
  shareDiscount,
} from './price-waterfall';

const sum = (amounts: readonly string[]): string =>
  amounts.reduce((total, amount) => total.plus(amount), new Big(0)).toFixed(2);

/** Up to 4 decimals, as numeric(19,4) answers prices and costs. */
const amount = (max: number) =>
  fc
    .tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 4 }))
    .map(([whole, fraction, digits]) =>
      digits === 0 ? `${whole}` : `${whole}.${String(fraction).padStart(4, '0').slice(0, digits)}`,
    );
/** A per cent of 0..100 with up to 2 decimals, as users type them. */
const percent = fc.integer({ min: 0, max: 10000 }).map((hundredths) => new Big(hundredths).div(100).toFixed());

const line = fc.record({
  listPrice: fc.option(amount(99_999), { nil: null }),
  priceListPrice: fc.option(amount(99_999), { nil: null }),
  price: amount(99_999),
  quantity: fc.integer({ min: 1, max: 1_000_000 }),
  discountPercent: percent,
  cost: fc.option(amount(99_999), { nil: null }),
  selected: fc.boolean(),
});

describe('price waterfall', () => {
  // A property over 10,000 quotes takes a while on a shared machine: the time limit is for a hang, not a figure.
  it('adds up exactly on 10,000 random quotes: steps to each net, nets to the total, no net below 0', {
    timeout: 300_000,
  }, () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), percent, (lines, quoteDiscount) => {
        const waterfall = quoteWaterfall(lines, quoteDiscount);
        const failures: string[] = [];
        for (const [index, step] of waterfall.lines.entries()) {
          if (sum(step.steps.map((part) => part.amount)) !== step.net) failures.push(`line ${index}: steps`);
          if (new Big(step.net).lt(0)) failures.push(`line ${index}: below 0`);
          // The amount before discounts is the money module's line total.
          if (step.gross !== lineTotal(lines[index] ?? { price: '0', quantity: 1 })) failures.push(`line ${index}`);
        }
        const counted = waterfall.lines.filter((step) => step.isCounted);
        if (sum(counted.map((step) => step.net)) !== waterfall.total) failures.push('lines to total');
        if (sum([waterfall.total, waterfall.discount]) !== waterfall.subtotal) failures.push('subtotal');
        if (waterfall.discount !== discountOf(waterfall.subtotal, quoteDiscount)) failures.push('discount');
        // Without discounts the total is the money module's quote total.
        const undiscounted = lines.map((entry) => ({ ...entry, discountPercent: '0' }));
        if (quoteWaterfall(undiscounted).total !== quoteTotal(lines)) failures.push('undiscounted total');
        expect(failures).toEqual([]);
      }),
      { numRuns: 10_000, seed: 44 },
    );
  });

  it('breaks a line down from list price to net', () => {
    const step = lineWaterfall(
      { listPrice: '100', priceListPrice: '90', price: '85', quantity: 3, discountPercent: '40', cost: '20' },
      '5.00',
    );
    expect(step.steps).toEqual([
      { kind: 'list', amount: '300.00' },
      { kind: 'priceList', amount: '-30.00' },
      { kind: 'tier', amount: '-15.00' },
      { kind: 'lineDiscount', amount: '-102.00' },
      { kind: 'quoteDiscount', amount: '-5.00' },
    ]);
    expect(step).toMatchObject({ gross: '255.00', afterLineDiscount: '153.00', net: '148.00' });
    expect(step).toMatchObject({ cost: '60.00', margin: '88.00', marginPercent: '59.46' });
  });

  it('shares a quote discount to the cent, the leftover cents to the largest remainders', () => {
    // 10% of 0.05 + 0.05 + 0.05 = 0.015 -> 0.02: shares 0.005 each, rounded down to 0, two cents to the first two.
    expect(shareDiscount(['0.05', '0.05', '0.05'], '10', '0.02')).toEqual(['0.01', '0.01', '0.00']);
    const quote = quoteWaterfall(
      [
        { price: '33.33', quantity: 1 },
        { price: '33.33', quantity: 1 },
        { price: '33.34', quantity: 1 },
      ],
      '33.33',
    );
    expect(quote).toMatchObject({ subtotal: '100.00', discount: '33.33', total: '66.67' });
    expect(sum(quote.lines.map((step) => step.net))).toBe('66.67');
  });

  it('leaves a line the customer left out outside the total and the discount', () => {
    const quote = quoteWaterfall(
      [
        { price: '100', quantity: 1 },
        { price: '50', quantity: 1, selected: false },
      ],
      '10',
    );
    expect(quote).toMatchObject({ subtotal: '100.00', discount: '10.00', total: '90.00' });
    expect(quote.lines[1]).toMatchObject({ isCounted: false, net: '50.00' });
  });

  it('knows a quote margin only when every counted line has a cost', () => {
    expect(quoteWaterfall([{ price: '10', quantity: 2, cost: '4' }])).toMatchObject({
      cost: '8.00',
      margin: '12.00',
      marginPercent: '60.00',
    });
    expect(
      quoteWaterfall([
        { price: '10', quantity: 1, cost: '4' },
        { price: '10', quantity: 1 },
      ]).margin,
    ).toBeNull();
    expect(marginOf('0.00', '1.00')).toEqual({ cost: '1.00', margin: '-1.00', marginPercent: null });
  });

  it('writes and checks per cents', () => {
    expect(percentText('40.0000')).toBe('40');
    expect(percentText('12.5000')).toBe('12.5');
    expect(() => percentText('100.01')).toThrow(RangeError);
    expect(() => percentText('-1')).toThrow(RangeError);
  });
});

describe('net lines for the ERP and CRM hand-offs', () => {
  const partsSum = (parts: ReturnType<typeof netUnitParts>) =>
    parts.reduce((total, part) => total.plus(new Big(part.unitPrice).times(part.quantity)), new Big(0)).toFixed(2);

  it('splits a net that does not divide by the quantity into two unit prices a cent apart', () => {
    expect(netUnitParts('100.00', 3)).toEqual([
      { quantity: 1, unitPrice: '33.34' },
      { quantity: 2, unitPrice: '33.33' },
    ]);
    expect(netUnitParts('90.00', 3)).toEqual([{ quantity: 3, unitPrice: '30.00' }]);
    expect(netUnitParts('0.02', 3)).toEqual([
      { quantity: 2, unitPrice: '0.01' },
      { quantity: 1, unitPrice: '0.00' },
    ]);
    expect(netUnitParts('-1.00', 3)).toEqual([
      { quantity: 2, unitPrice: '-0.33' },
      { quantity: 1, unitPrice: '-0.34' },
    ]);
  });

  it('sends lines whose parts add up to the quote total on 2,000 random discounted quotes', {
    timeout: 120_000,
  }, () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), percent, (lines, quoteDiscount) => {
        const waterfall = quoteWaterfall(lines, quoteDiscount);
        const sent = quoteNetLines(lines, quoteDiscount);
        expect(sent.map((net) => net.line)).toEqual(lines.filter((input) => input.selected));
        expect(sum(sent.map((net) => net.net))).toBe(waterfall.total);
        expect(sum(sent.map((net) => partsSum(net.parts)))).toBe(waterfall.total);
        for (const net of sent) {
          expect(net.parts.reduce((total, part) => total + part.quantity, 0)).toBe(net.line.quantity);
          expect(net.parts.length).toBeLessThanOrEqual(2);
          for (const part of net.parts) expect(part.unitPrice).toMatch(/^-?\d+\.\d{2}$/);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
