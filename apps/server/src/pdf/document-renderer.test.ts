import { afterAll, describe, expect, it } from 'vitest';
import { sampleQuote } from '../modules/documents/sample-quote.test-support';
import { createDocumentRenderer } from './document-renderer';
import type { TPricingLine } from './documents.render';
import { pdfText } from './pdf-text.test-support';

const renderer = createDocumentRenderer();
afterAll(() => renderer.close());

/** Counts the event loop's turns until `work` settles: a loop that is blocked meanwhile turns hardly at all. */
async function turnsDuring<T>(work: Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let isDone = false;
  const settled = work.finally(() => {
    isDone = true;
  });
  while (!isDone) {
    await new Promise((resolve) => setImmediate(resolve));
    turns += 1;
  }
  return { result: await settled, turns };
}

describe('the document renderer', () => {
  it('renders a 1,500-line quote in a worker thread while the event loop keeps turning', async () => {
    // Warm the pool first, so what is counted is the rendering and not a thread starting.
    await renderer.render({ kind: 'quote', quote: sampleQuote(1), compress: true });
    const before = renderer.stats();
    expect(before.threads).toBeGreaterThanOrEqual(1);

    const { result, turns } = await turnsDuring(
      renderer.render({ kind: 'quote', quote: sampleQuote(1500), compress: false }),
    );
    // Rendered on this thread, the whole layout would run before the first turn; in a worker the loop is free.
    expect(turns).toBeGreaterThan(100);
    expect(renderer.stats().completed).toBe(before.completed + 1);
    expect(result.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(result);
    expect(text).toContain('EL-TASK-MESH-1500');
    expect(text).toContain('Quote #12');
  });

  it('carries Dates and every kind of document across to the worker', async () => {
    const writeUp = pdfText(await renderer.render({ kind: 'so-writeup', quote: sampleQuote(2), compress: false }));
    expect(writeUp).toContain('Sales Order Write-up #12');
    expect(writeUp).toContain('11/24/2026');
    const line: TPricingLine = {
      partNumber: 'EL-TASK-MESH',
      description: 'ErgoLine task chair',
      quantity: 2,
      price: '411.5000',
      details: [{ Caption: 'Series', Value: 'Task' }],
      lineNumber: 1,
      productName: 'ErgoLine',
      priceItems: [{ caption: 'Base', amount: '411.50' }],
    };
    const pricing = pdfText(await renderer.render({ kind: 'pricing', quote: sampleQuote(0), line, compress: false }));
    expect(pricing).toContain('Quote #12 Line 1 Pricing');
  });
});
