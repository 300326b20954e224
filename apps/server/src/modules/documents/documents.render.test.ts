import { describe, expect, it } from 'vitest';
import { renderPricingDoc, renderPrintedQuote, renderWriteUp } from './documents.render';
import { pdfText } from './pdf-text.test-support';
import { sampleQuote } from './sample-quote.test-support';

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
      },
      false,
    );
    const text = pdfText(bytes);
    for (const expected of ['Quote #12, Line 3', 'Executive', '$220.00', '$1,099.99', '$4,399.96', 'Quantity']) {
      expect(text).toContain(expected);
    }
  });
});
