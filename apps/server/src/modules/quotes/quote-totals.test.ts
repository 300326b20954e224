import { randomUUID } from 'node:crypto';
import { quoteTotal } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteLines } from '../../db/schema';
import { recomputeQuoteTotals } from './quotes.repository';
import { quoteTestBed, type TQuoteTestBed } from './quotes.test-support';

let t: TQuoteTestBed['t'];
let a: TQuoteTestBed['a'];
let calls: TQuoteTestBed['calls'];

beforeAll(async () => {
  ({ t, a, calls } = await quoteTestBed('10'));
});
afterAll(() => t.close());

/** A unit price with up to 4 decimals, as numeric(19,4) may hold one written before prices were held to cents. */
const price = fc
  .tuple(fc.integer({ min: -99_999, max: 9_999_999 }), fc.integer({ min: 0, max: 9999 }))
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(4, '0')}`);
/** Lines with a price, a quantity and whether they count (false: an optional line the customer left out). */
const lines = fc.array(fc.record({ price, quantity: fc.integer({ min: 1, max: 1_000_000 }), selected: fc.boolean() }), {
  maxLength: 10,
});

describe('recomputeQuoteTotals', () => {
  it('stores the money module’s quote total of the counted lines, and counts every line (300 random quotes)', async () => {
    const quote = await calls.newQuote(a.token[1]);
    const { db } = t.deps;
    await fc.assert(
      fc.asyncProperty(lines, async (drawn) => {
        const stored = await db.transaction(async (tx) => {
          await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quote.id));
          if (drawn.length > 0) {
            await tx.insert(quoteLines).values(
              drawn.map((line) => ({
                ...line,
                optional: !line.selected,
                guid: randomUUID(),
                quoteId: quote.id,
                pid: a.pid,
                details: [],
                quoteCreated: '1' as const,
                isNonConfigurable: true,
              })),
            );
          }
          return recomputeQuoteTotals(tx, quote.id, 'lines');
        });
        expect(stored.totalCost).toBe(`${quoteTotal(drawn)}00`);
        expect(stored.lineCount).toBe(drawn.length);
      }),
      { numRuns: 300 },
    );
  });
});
