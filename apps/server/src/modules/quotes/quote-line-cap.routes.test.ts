import { randomUUID } from 'node:crypto';
import { MAX_QUOTE_LINES, MSG, type TFinishResult, type TQuote, type TQuoteLine } from '@cpq/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteLines, quotes } from '../../db/schema';
import { expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import {
  createConfigurableProduct,
  demoModel,
  ROAD_BIKE,
  startConfiguration,
} from '../configurator/configurator.test-support';
import { findQuoteByGuid, findQuoteRow } from './quotes.repository';
import { quoteCalls } from './quotes.test-support';

let t: TTestApp;
let a: TPlatformActors;
let calls: ReturnType<typeof quoteCalls>;
let productId: number;
let bicycleId: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  calls = quoteCalls(t);
  productId = (await calls.fixedProduct('10.00', a.token[5])).ID;
  bicycleId = (await createConfigurableProduct(t, a.token[5], demoModel('bicycle'))).ID;
});
afterAll(() => t.close());

/** A quote of the level-1 user holding `lines` lines of $10.00, written straight to the database (the API is slow for thousands). */
async function quoteWithLines(lines: number): Promise<TQuote> {
  const quote = await calls.newQuote(a.token[1], { name: 'Big project' });
  const row = { quoteId: quote.id, pid: a.pid, productId, price: '10.0000', partNumber: 'F-BULK', quantity: 1 };
  for (let start = 0; start < lines; start += 1000) {
    const chunk = Array.from({ length: Math.min(1000, lines - start) }, () => ({ ...row, guid: randomUUID() }));
    await t.deps.db.insert(quoteLines).values(chunk);
  }
  // As stored before the cap, for a quote past it: its totals written as they add up.
  await t.deps.db
    .update(quotes)
    .set({ lineCount: lines, totalCost: (lines * 10).toFixed(4) })
    .where(eq(quotes.id, quote.id));
  return calls.getQuote(quote.id, a.token[1]);
}

const linesOn = async (quoteId: number): Promise<number> => {
  const [row] = await t.deps.db.select({ n: count() }).from(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  return Number(row?.n ?? 0);
};

describe(`a quote holds at most ${MAX_QUOTE_LINES} lines`, () => {
  it('takes line 5,000, refuses line 5,001 with what to do next, and changes nothing', async () => {
    const quote = await quoteWithLines(MAX_QUOTE_LINES - 1);
    resultOf<TQuoteLine>(await calls.addLine(quote.id, productId, a.token[1]));
    const full = await calls.getQuote(quote.id, a.token[1]);
    expect(full.lineCount).toBe(MAX_QUOTE_LINES);

    expectFieldError(await calls.addLine(quote.id, productId, a.token[1]), 'lines', MSG.quoteLinesFull);
    expect(MSG.quoteLinesFull).toContain('5,000');
    expect(await linesOn(quote.id)).toBe(MAX_QUOTE_LINES);
    expect(await findQuoteRow(t.deps.db, quote.id)).toMatchObject({
      lineCount: MAX_QUOTE_LINES,
      version: full.version,
      totalCost: full.totalCost,
    });
  });

  // On PostgreSQL (DATABASE_URL) the four transactions truly overlap: without the quote row's lock all four land.
  it('lets racing adds take only the places left', async () => {
    const quote = await quoteWithLines(MAX_QUOTE_LINES - 2);
    const answers = await Promise.all(Array.from({ length: 4 }, () => calls.addLine(quote.id, productId, a.token[1])));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expectFieldError(refused, 'lines', MSG.quoteLinesFull);
    }
    expect(await linesOn(quote.id)).toBe(MAX_QUOTE_LINES);
    expect((await findQuoteRow(t.deps.db, quote.id))?.lineCount).toBe(MAX_QUOTE_LINES);
  });

  it('refuses a configured line finished onto a full quote, and stores nothing of it', async () => {
    const quote = await quoteWithLines(MAX_QUOTE_LINES);
    const started = await startConfiguration(t, a.token[1], bicycleId);
    const sessionId = started.prepare.sessionId;
    for (const [id, value] of ROAD_BIKE) {
      resultOf(await t.call('configurator/configure', { sessionId, id, value }, a.token[1]));
    }
    const refused = await t.call('configurator/finish', { sessionId, quoteId: quote.id }, a.token[1]);
    expectFieldError(refused, 'lines', MSG.quoteLinesFull);
    expect(await linesOn(quote.id)).toBe(MAX_QUOTE_LINES);

    // The same configuration still finishes onto a quote with room.
    const other = await calls.newQuote(a.token[1]);
    const finished = resultOf<TFinishResult>(
      await t.call('configurator/finish', { sessionId, quoteId: other.id }, a.token[1]),
    );
    expect(finished.quoteId).toBe(other.id);
  });

  it('refuses to copy a quote stored with more lines than a quote may hold, and creates no copy', async () => {
    const quote = await quoteWithLines(MAX_QUOTE_LINES + 1);
    const _id = randomUUID();
    expectFieldError(await t.call('quoteManagement/copyQuote', { id: quote.id, _id }, a.token[1]), 'lines');
    expect(await findQuoteByGuid(t.deps.db, _id)).toBeNull();

    // Such a quote may still shrink: removing a line is not growth.
    const [line] = await t.deps.db.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id)).limit(1);
    resultOf(await t.call('quoteManagement/deleteLine', { id: line?.id, quoteId: quote.id }, a.token[1]));
    expect((await findQuoteRow(t.deps.db, quote.id))?.lineCount).toBe(MAX_QUOTE_LINES);
  });
});
