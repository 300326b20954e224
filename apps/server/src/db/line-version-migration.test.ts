import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteTestBed, type TQuoteTestBed } from '../modules/quotes/quotes.test-support';
import { resultOf } from '../testing/expect-api';
import { quoteLines } from './schema';

const MIGRATION = join(import.meta.dirname, '../../drizzle/0017_line_version.sql');

let t: TQuoteTestBed['t'];
let a: TQuoteTestBed['a'];
let calls: TQuoteTestBed['calls'];
let productId: number;

beforeAll(async () => {
  ({ t, a, calls, productId } = await quoteTestBed('10'));
});
afterAll(() => t.close());

describe('migration 0017: quote lines get their own version', () => {
  it('gives the lines that exist version 1, and new lines start there too', async () => {
    const quote = await calls.newQuote(a.token[1]);
    const line = resultOf<{ id: number }>(await calls.addLine(quote.id, productId, a.token[1], { quantity: 3 }));
    // The table as it was before the migration: lines without a version column.
    await t.deps.db.execute(sql`alter table ${quoteLines} drop column version`);
    await t.deps.db.execute(sql.raw(readFileSync(MIGRATION, 'utf8')));

    const [migrated] = await t.deps.db.select().from(quoteLines).where(eq(quoteLines.id, line.id));
    expect(migrated).toMatchObject({ quantity: 3, version: 1 });
    const added = resultOf<{ version: number }>(await calls.addLine(quote.id, productId, a.token[1]));
    expect(added.version).toBe(1);
  });
});
