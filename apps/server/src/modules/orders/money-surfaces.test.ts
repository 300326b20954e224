import { quoteWaterfall, type TQuoteLine, toCents } from '@cpq/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printedLines } from '../../pdf/documents.render';
import type { TQuoteRow } from '../quotes/quotes.repository';
import { orderConfirmationMail } from './order-mails';

/** '$1,234.56' or '-$0.05' as whole cents, exactly. */
const centsOf = (shown: string): bigint => {
  const match = /^(-?)\$([\d,]+)\.(\d\d)$/.exec(shown);
  if (!match) throw new Error(`Not money as shown: ${shown}`);
  const cents = BigInt(`${match[2]?.replaceAll(',', '')}${match[3]}`);
  return match[1] ? -cents : cents;
};

const line = (id: number, price: string, quantity: number, selected = true, discountPercent = '0'): TQuoteLine => ({
  id,
  _id: '00000000-0000-4000-8000-000000000000',
  configurationId: null,
  headerId: null,
  imgUrl: null,
  price,
  salesPrice: price,
  discountPercent,
  listPrice: null,
  priceListPrice: null,
  quantity,
  productId: 1,
  quoteId: 1,
  description: `Part ${id}`,
  partNumber: `P-${id}`,
  productName: 'Part',
  CfgPartNumber: null,
  LineDescription: null,
  username: 'sales@example.com',
  quoteCreated: '1',
  Details: [],
  companyId: 1,
  PricingDocLink: null,
  isNonConfigurable: true,
  rmaCreated: false,
  version: 1,
  optional: !selected,
  selected,
});

/** A price with up to 4 decimals, as a product's default price may have (numeric(19,4) text). */
const price = fc
  .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 4 }))
  .map(([whole, fraction, digits]) =>
    digits === 0 ? `${whole}` : `${whole}.${String(fraction).padStart(4, '0').slice(0, digits)}`,
  );
/** A discount in per cent as users type them: 0..100 with up to 2 decimals, often none. */
const percent = fc.oneof(
  fc.constant('0'),
  fc.integer({ min: 0, max: 10_000 }).map((hundredths) => (hundredths / 100).toFixed(2)),
);
/**
 * Lines with their price, quantity, whether they count (false: an optional line the customer left out) and their
 * discount.
 */
const quoteLines = fc.array(fc.tuple(price, fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), percent), {
  minLength: 1,
  maxLength: 12,
});

/** What each surface shows of a quote: its line totals and its total, as text. */
function surfaces(prices: [string, number, boolean?, string?][], discountPercent = '0') {
  const lines = prices.map(([amount, quantity, selected, discount], index) =>
    line(index + 1, amount, quantity, selected, discount),
  );
  // What recomputeQuoteTotals stores, as numeric(19,4) gives it back (quote-totals.test.ts holds the two equal).
  const stored = `${quoteWaterfall(lines, discountPercent).total}00`;
  const pdf = printedLines({ lines, totalCost: stored, discountPercent });
  const order = {
    id: 7,
    pid: 'p',
    email: 'ada@example.com',
    totalCost: stored,
    discountPercent,
    name: null,
    firstName: null,
  };
  const mail = orderConfirmationMail({
    order: { ...order, lastName: null, dateOrderPlaced: new Date('2026-12-04T10:00:00Z') } as TQuoteRow,
    lines,
    payment: { kind: 'card', amountCents: toCents(stored) },
    placedBy: 'ada@example.com',
    platformName: 'Demo',
    link: 'https://cpq.example/Quote/7',
  });
  const mailRows = (mail.text ?? '')
    .split('\n')
    .filter((row) => row.startsWith('P-') || row.startsWith('Quote discount') || row.startsWith('Order total'))
    .map((row) => row.split(' | '));
  const counted = lines.map((entry) => entry.selected);
  const discounts = lines.map((entry) => entry.discountPercent);
  return { stored, pdf, mailRows, mailText: mail.text ?? '', card: toCents(stored), counted, discounts };
}

describe('money on every surface', () => {
  it('10,000 random quotes, some optional lines left out, line and quote discounts: the PDF, the order e-mail, the stored order and the card charge show the same figures, and each document’s counted lines and quote discount add up to its total', {
    timeout: 300_000,
  }, () => {
    fc.assert(
      fc.property(quoteLines, percent, (prices, quoteDiscount) => {
        const { stored, pdf, mailRows, mailText, card, counted, discounts } = surfaces(prices, quoteDiscount);
        const lineRows = mailRows.filter((row) => row[0]?.startsWith('P-'));
        const discountRow = mailRows.find((row) => row[0]?.startsWith('Quote discount'));
        // A line left out shows no extended price on the PDF and 'Not included' in the mail.
        expect(pdf.rows.map((row, index) => (counted[index] ? null : row[4]))).toEqual(
          counted.map((is) => (is ? null : '—')),
        );
        expect(lineRows.map((row, index) => (counted[index] ? null : row[3]))).toEqual(
          counted.map((is) => (is ? null : 'Not included')),
        );
        const pdfTotals = pdf.rows.filter((_row, index) => counted[index]).map((row) => row[4] ?? '');
        const mailTotals = lineRows.filter((_row, index) => counted[index]).map((row) => row[3] ?? '');
        const mailTotal = mailRows.at(-1)?.[1] ?? '';
        expect(mailTotals).toEqual(pdfTotals);
        expect(lineRows.map((row) => row[2])).toEqual(pdf.rows.map((row) => row[3]));
        expect(mailTotal).toBe(pdf.total);
        // The quote discount, when there is one, is shown once on each and taken off the sum of the lines.
        const pdfDiscount = pdf.totals.find((row) => row.label.startsWith('Quote discount'))?.value;
        expect(discountRow?.[1]).toBe(pdfDiscount);
        const discount = pdfDiscount === undefined ? 0n : centsOf(pdfDiscount);
        const sum = pdfTotals.reduce((total, shown) => total + centsOf(shown), 0n) + discount;
        expect(centsOf(pdf.total)).toBe(sum);
        expect(BigInt(card)).toBe(sum);
        expect(BigInt(stored.replace('.', '')) / 100n).toBe(sum);
        expect(mailText).toContain(`Paid by card: ${pdf.total}.`);
        for (const row of pdf.rows.filter((_row, index) => counted[index] && Number(discounts[index]) === 0)) {
          expect(centsOf(row[4] ?? '')).toBe(centsOf(row[3] ?? '') * BigInt(row[2] ?? ''));
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it('a quote of 3- and 4-decimal prices: 0.125 x 8 is $1.04 on the PDF and in the e-mail, and the charge is the total', () => {
    const { pdf, mailRows, card } = surfaces([
      ['0.125', 8],
      ['1.0049', 3],
      ['4.0150', 1],
    ]);
    expect(pdf.rows.map((row) => [row[3], row[4]])).toEqual([
      ['$0.13', '$1.04'],
      ['$1.00', '$3.00'],
      ['$4.02', '$4.02'],
    ]);
    expect(mailRows.map((row) => row.at(-1))).toEqual(['$1.04', '$3.00', '$4.02', '$8.06']);
    expect(pdf.total).toBe('$8.06');
    expect(card).toBe(806);
  });
});
