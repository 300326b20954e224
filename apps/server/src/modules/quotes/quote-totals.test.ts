import { randomUUID } from 'node:crypto';
import { quoteWaterfall } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteLines, quotes } from '../../db/schema';
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
/** A discount in per cent: 0..100 with up to 2 decimals, often none. */
const percent = fc.oneof(
  fc.constant('0'),
  fc.integer({ min: 0, max: 10_000 }).map((hundredths) => (hundredths / 100).toFixed(2)),
);
/** Lines with a price, a quantity, whether they count (false: left out by the customer) and a discount. */
const lines = fc.array(
  fc.record({
    price,
    quantity: fc.integer({ min: 1, max: 1_000_000 }),
    selected: fc.boolean(),
    discountPercent: percent,
  }),
  { maxLength: 10 },
);

describe('recomputeQuoteTotals', () => {
  it('stores the price waterfall’s quote total of the counted lines after line and quote discounts, and counts every line (300 random quotes)', async () => {
    const quote = await calls.newQuote(a.token[1]);
    const { db } = t.deps;
    await fc.assert(
      fc.asyncProperty(lines, percent, async (drawn, discountPercent) => {
        const stored = await db.transaction(async (tx) => {
          await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quote.id));
          await tx.update(quotes).set({ discountPercent }).where(eq(quotes.id, quote.id));
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
        expect(stored.totalCost).toBe(`${quoteWaterfall(drawn, discountPercent).total}00`);
        expect(stored.lineCount).toBe(drawn.length);
      }),
      { numRuns: 300 },
    );
  });
});
