import { describe, expect, it } from 'vitest';
import { validUntilOf } from '../modules/documents/print-data';
import { sampleQuote } from '../modules/documents/sample-quote.test-support';
import { renderPricingDoc, renderPrintedQuote, renderWriteUp } from './documents.render';
import { pdfText } from './pdf-text.test-support';

describe('the printed quote', () => {
  it('is a PDF with the number, total, PO, customer, both addresses, lines, comments and answers', async () => {
    const bytes = await renderPrintedQuote(sampleQuote(), false);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const expected of [
      'Quote #12',
      '$1,234.50',
      'PO-7781',
      'Ada',
      'Lovelace',
      'ada@example.com',
      '(512) 555-0123',
      'Suite 200',
      'Round Rock',
      'Shipping Address',
      'EL-TASK-MESH-3',
      '$411.50',
      '$1,234.50',
      '11/20/2026',
      'Customer asked for lead times.',
      'sales@example.com',
      'Net 30',
      '$250.00',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints every amount in the quote’s currency', async () => {
    for (const [currency, symbol] of [
      ['GBP', '£'],
      ['EUR', '€'],
    ]) {
      const text = pdfText(await renderPrintedQuote({ ...sampleQuote(3), currency }, false));
      for (const amount of ['1,234.50', '411.50']) expect(text).toContain(`${symbol}${amount}`);
      expect(text).toContain(`Mesh upcharge: ${symbol}35.00`);
      expect(text).not.toContain('$');
    }
  });

  it("names the platform's company, says how long it is valid, and lists each line's configured options", async () => {
    const text = pdfText(await renderPrintedQuote(sampleQuote(3), false));
    expect(text).toContain('Acme Doors & Chairs');
    expect(text).toContain('Valid until 12/24/2026');
    for (const option of ['Series: Task', 'Cover: Black mesh', 'Mesh upcharge: $35.00']) expect(text).toContain(option);
    // The options follow their own line, before the next one.
    expect(text.indexOf('EL-TASK-MESH-1')).toBeLessThan(text.indexOf('Series: Task'));
    expect(text.indexOf('Mesh upcharge: $35.00')).toBeLessThan(text.indexOf('EL-TASK-MESH-2'));
  });

  it("prints the customer's company above the contact's names, and no Company row when the quote has none", async () => {
    const text = pdfText(await renderPrintedQuote(sampleQuote(1), false));
    expect(text).toContain('Company');
    expect(text).toContain('Analytical Engines Ltd');
    expect(text.indexOf('Analytical Engines Ltd')).toBeLessThan(text.indexOf('Lovelace'));
    const contact = { ...sampleQuote(1).contact, companyName: null };
    expect(pdfText(await renderPrintedQuote(sampleQuote(1, { contact }), false))).not.toContain('Company');
  });

  it('marks optional lines, and prints one the customer left out with no extended price, outside the total', async () => {
    const quote = sampleQuote(3);
    const [first, second, third] = quote.lines;
    const lines = [
      { ...first!, optional: true, selected: true },
      { ...second!, optional: true, selected: false },
      { ...third!, optional: false, selected: true },
    ];
    // 411.50 x 1 + 411.50 x 3: the second line (x 2) is not in the total.
    const text = pdfText(await renderPrintedQuote({ ...quote, lines, totalCost: '1646.0000' }, false));
    expect(text).toContain('Optional, included');
    expect(text).toContain('Optional, not included');
    expect(text).not.toContain('$823.00');
    expect(text).toContain('$1,646.00');
  });

  it('an order has no validity date, and the write-up none either', async () => {
    const order = sampleQuote(1, { type: 2, validUntil: null });
    expect(pdfText(await renderPrintedQuote(order, false))).not.toContain('Valid until');
    expect(pdfText(await renderWriteUp(sampleQuote(1), false))).not.toContain('Valid until');
  });

  it('keeps a line and its options together on one page of a long quote', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      partNumber: `IDR-${i + 1}`,
      description: 'Sectional door',
      quantity: 1,
      price: '3401.0000',
      details: Array.from({ length: 8 }, (_, k) => ({ Caption: `Option ${k + 1}`, Value: `Value ${i + 1}.${k + 1}` })),
    }));
    const text = pdfText(await renderPrintedQuote(sampleQuote(0, { lines }), false));
    expect(text).toMatch(/Page 3 of \d/);
    for (const line of [1, 20, 40]) expect(text).toContain(`Option 8: Value ${line}.8`);
  });

  it('hides the shipping block when billing is sameAsShipping, and shows em dashes for empty values', async () => {
    const quote = sampleQuote(1, { isSameAsShipping: true, poNumber: null, type: 3 });
    const text = pdfText(await renderPrintedQuote(quote, false));
    expect(text).toContain('Quote Request #12');
    expect(text).toContain('Billing and Shipping Address');
    expect(text).not.toContain('Round Rock');
    expect(text).toContain('\u2014');
  });

  it('compresses its streams by default and still carries the number', async () => {
    const compressed = await renderPrintedQuote(sampleQuote(50));
    const plain = await renderPrintedQuote(sampleQuote(50), false);
    expect(compressed.length).toBeLessThan(plain.length);
    expect(pdfText(compressed)).toContain('Quote #12');
  });

  it('repeats the table header on each page of a long quote', async () => {
    const text = pdfText(await renderPrintedQuote(sampleQuote(80), false));
    expect(text.match(/Part Number/g)?.length ?? 0).toBeGreaterThan(1);
    expect(text).toContain('EL-TASK-MESH-80');
    expect(text).toMatch(/Page 2 of \d/);
  });
});

describe('the other documents', () => {
  it('the write-up shows the order details and lines', async () => {
    const text = pdfText(
      await renderWriteUp(sampleQuote(2, { answers: [{ Caption: 'Customer PO number', Value: 'PO-1' }] }), false),
    );
    expect(text).toContain('Sales Order Write-up #12');
    expect(text).toContain('Customer PO number');
    expect(text).toContain('EL-TASK-MESH-2');
  });

  it('a pricing document shows Details, currency for Type 5 or more, price, quantity and extended', async () => {
    const bytes = await renderPricingDoc(
      { company: 'Acme', type: 1, quoteId: 12, revision: 1, printedAt: new Date(2026, 10, 24) },
      {
        lineNumber: 3,
        productName: 'ErgoLine Office Chair',
        partNumber: 'EL-EXECUTIVE-LEATHER-TAN',
        description: 'ErgoLine executive chair in tan leather',
        quantity: 4,
        price: '1099.9900',
        details: [
          { Caption: 'Series', Value: 'Executive', Type: 0 },
          { Caption: 'Leather upcharge', Value: '220', Type: 5 },
        ],
        priceItems: [
          { caption: 'Series: Executive', amount: '879.99' },
          { caption: 'Leather upcharge', amount: '220.00' },
        ],
      },
      false,
    );
    const text = pdfText(bytes);
    for (const expected of ['Quote #12, Line 3', 'Executive', '$220.00', '$1,099.99', '$4,399.96', 'Quantity']) {
      expect(text).toContain(expected);
    }
    for (const expected of ['Acme', 'Price', 'Component', 'Series: Executive', '$879.99'])
      expect(text).toContain(expected);
  });
});

describe('validUntilOf', () => {
  const printed = new Date(2026, 10, 24, 12);
  it('counts the period the review chose, else 30 days, in calendar days from the document date', () => {
    expect(validUntilOf(printed, [])).toEqual(new Date(2026, 11, 24, 12));
    expect(validUntilOf(printed, [{ Caption: 'Quote valid for', Value: '60 days' }])).toEqual(
      new Date(2027, 0, 23, 12),
    );
    expect(validUntilOf(printed, [{ Caption: 'Quote valid for', Value: 'until further notice' }])).toEqual(
      new Date(2026, 11, 24, 12),
    );
    // Across a change of clocks the day still counts as one.
    expect(validUntilOf(new Date(2026, 2, 1, 0, 30), []).getDate()).toBe(31);
  });
});
