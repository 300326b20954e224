import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteTestBed, type TQuoteTestBed } from '../modules/quotes/quotes.test-support';
import { resultOf } from '../testing/expect-api';
import { quoteLines, quotes } from './schema';

const MIGRATION = join(import.meta.dirname, '../../drizzle/0014_hold_line_prices_to_cents.sql');

let t: TQuoteTestBed['t'];
let a: TQuoteTestBed['a'];
let calls: TQuoteTestBed['calls'];
let productId: number;

beforeAll(async () => {
  ({ t, a, calls, productId } = await quoteTestBed('10'));
});
afterAll(() => t.close());

/** Runs the migration's statements again, on rows written as the app wrote them before prices were held to cents. */
async function migrate(): Promise<void> {
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
    await t.deps.db.execute(sql.raw(statement));
  }
}

describe('migration 0014: line prices held to cents', () => {
  it('re-prices the lines of quotes at cents and derives their totals again; orders keep theirs', async () => {
    const legacy = async (type: 1 | 2) => {
      const quote = await calls.newQuote(a.token[1]);
      const line = resultOf<{ id: number }>(await calls.addLine(quote.id, productId, a.token[1], { quantity: 8 }));
      await t.deps.db
        .update(quoteLines)
        .set({ price: '0.1250', salesPrice: '0.1250' })
        .where(eq(quoteLines.id, line.id));
      await t.deps.db.update(quotes).set({ type, totalCost: '1.0000' }).where(eq(quotes.id, quote.id));
      const [row] = await t.deps.db.select().from(quotes).where(eq(quotes.id, quote.id));
      return { quoteId: quote.id, lineId: line.id, version: row?.version ?? 0 };
    };
    const quote = await legacy(1);
    const order = await legacy(2);
    const atCents = await calls.newQuote(a.token[1], { name: `untouched ${randomUUID()}` });
    resultOf(await calls.addLine(atCents.id, productId, a.token[1], { quantity: 2 }));
    const [before] = await t.deps.db.select().from(quotes).where(eq(quotes.id, atCents.id));

    await migrate();
    const read = async (quoteId: number, lineId: number) => ({
      quote: (await t.deps.db.select().from(quotes).where(eq(quotes.id, quoteId)))[0],
      line: (await t.deps.db.select().from(quoteLines).where(eq(quoteLines.id, lineId)))[0],
    });
    const migrated = await read(quote.quoteId, quote.lineId);
    expect(migrated.line).toMatchObject({ price: '0.1300', salesPrice: '0.1300' });
    expect(migrated.quote).toMatchObject({ totalCost: '1.0400', version: quote.version + 1 });
    const kept = await read(order.quoteId, order.lineId);
    expect(kept.line).toMatchObject({ price: '0.1250', salesPrice: '0.1250' });
    expect(kept.quote).toMatchObject({ totalCost: '1.0000', version: order.version });
    const [after] = await t.deps.db.select().from(quotes).where(eq(quotes.id, atCents.id));
    expect(after).toMatchObject({ totalCost: before?.totalCost, version: before?.version });
  });
});
