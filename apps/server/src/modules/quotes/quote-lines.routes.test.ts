import { randomUUID } from 'node:crypto';
import { fromCents, MSG, type TQuoteLine } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, trailRow } from '../audit/audit.test-support';
import { quoteCalls } from './quotes.test-support';

type TTotals = { id: number; version: number; totalCost: string; lineCount: number };

let t: TTestApp;
let a: TPlatformActors;
let calls: ReturnType<typeof quoteCalls>;
let hingeId: number;
let sealId: number;

const newQuote = (token = a.token[1]) => calls.newQuote(token);
const addLine = async (quoteId: number, productId = hingeId, quantity = 1, token = a.token[1]) =>
  resultOf<TQuoteLine>(await calls.addLine(quoteId, productId, token, { quantity }));
const updateLine = (id: number, quantity: unknown, token = a.token[1], extra: Record<string, unknown> = {}) =>
  t.call('quoteManagement/updateLine', { id, input: { quantity }, ...extra }, token);
const deleteLine = (
  line: Pick<TQuoteLine, 'id' | 'quoteId'>,
  token = a.token[1],
  extra: Record<string, unknown> = {},
) => t.call('quoteManagement/deleteLine', { id: line.id, quoteId: line.quoteId, ...extra }, token);
/** numeric(19,4) text of a whole number of cents: 3850 -> '38.5000'. */
const money4 = (cents: number) => `${fromCents(cents)}00`;

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  calls = quoteCalls(t);
  hingeId = (await calls.fixedProduct('38.50', a.token[5])).ID;
  sealId = (await calls.fixedProduct('24.99', a.token[5])).ID;
});
afterAll(() => t.close());

describe('quoteManagement/getLines', () => {
  it('pages a quote’s lines (id ascending by default), searchable and sortable; 404 for others', async () => {
    const quote = await newQuote();
    const hinge = await addLine(quote.id, hingeId, 2);
    const seal = await addLine(quote.id, sealId, 5);
    const page = (body: Record<string, unknown>, token = a.token[1]) =>
      t.call('quoteManagement/getLines', { quoteId: quote.id, ...body }, token);
    expect(resultOf(await page({}))).toEqual({ rows: [hinge, seal], count: 2 });
    expect(resultOf(await page({ limit: 1, offset: 1 }))).toEqual({ rows: [seal], count: 2 });
    expect(resultOf(await page({ order: ['quantity', 'DESC'] }))).toMatchObject({ rows: [seal, hinge] });
    expect(resultOf(await page({ search: seal.partNumber }))).toEqual({ rows: [seal], count: 1 });
    expect(resultOf(await page({ username: a.username[5] }))).toEqual({ rows: [], count: 0 });
    expect(resultOf(await page({}, a.token[5]))).toMatchObject({ count: 2 });
    for (const token of [a.token[0], a.otherAdmin]) {
      expectFailure(await page({}, token), 'NOT_FOUND', MSG.notFound, 404);
    }
  });
});

describe('quoteManagement/updateLine', () => {
  it('changes the quantity, re-prices the quote and bumps its version in one go, audited', async () => {
    const quote = await newQuote();
    const line = await addLine(quote.id, hingeId, 1);
    await addLine(quote.id, sealId, 1);
    const changed = resultOf<{ line: TQuoteLine; quote: TTotals }>(
      await callAudited(
        t,
        'quoteManagement/updateLine',
        { id: line.id, _id: line._id, input: { quantity: 4 } },
        a.token[1],
      ),
    );
    expect(changed.line).toMatchObject({ id: line.id, quantity: 4 });
    expect(changed.quote).toEqual({
      id: quote.id,
      version: 4,
      totalCost: money4(4 * 3850 + 2499),
      lineCount: 2,
      discountPercent: '0',
    });
    expect(await calls.getQuote(quote.id, a.token[1])).toMatchObject({ totalCost: '178.9900', version: 4 });
    expect((await changeEventsOf(t, 'quoteLine', line.id)).at(-1)).toEqual(
      trailRow('quoteLine.updated', a.pid, a.username[1], { fields: ['quantity'] }),
    );
  });

  it('refuses a quantity below 1 with the spec’s message, and a stale version with 409', async () => {
    const quote = await newQuote();
    const line = await addLine(quote.id);
    for (const quantity of [0, -3]) {
      expectFieldError(await updateLine(line.id, quantity), 'input.quantity', MSG.quantityMin);
    }
    expectFieldError(await updateLine(line.id, 1.5), 'input.quantity');
    expectFailure(
      await updateLine(line.id, 2, a.token[1], { version: line.version + 1 }),
      'CONFLICT',
      MSG.conflict,
      409,
    );
    const current = await calls.getQuote(quote.id, a.token[1]);
    expect(resultOf(await updateLine(line.id, 2, a.token[1], { version: line.version }))).toMatchObject({
      line: { version: line.version + 1 },
      quote: { version: current.version + 1, totalCost: '77.0000' },
    });
    expectFailure(await updateLine(line.id, 3, a.token[1], { _id: randomUUID() }), 'NOT_FOUND');
  });

  it('answers 404 to other users below level 5 and to other platforms', async () => {
    const quote = await newQuote();
    const line = await addLine(quote.id);
    for (const token of [a.token[0], a.otherAdmin]) {
      expectFailure(await updateLine(line.id, 2, token), 'NOT_FOUND', MSG.notFound, 404);
      expectFailure(await deleteLine(line, token), 'NOT_FOUND', MSG.notFound, 404);
    }
    expectFailure(await updateLine(999_999, 2), 'NOT_FOUND');
    expect(resultOf(await updateLine(line.id, 2, a.token[5]))).toMatchObject({ line: { quantity: 2 } });
    expect(resultOf(await updateLine(line.id, 3, a.token[9]))).toMatchObject({ line: { quantity: 3 } });
  });
});

describe('quoteManagement/deleteLine', () => {
  it('removes the line and re-prices the quote in one go, audited; a line of another quote is not found', async () => {
    const quote = await newQuote();
    const line = await addLine(quote.id, hingeId, 2);
    await addLine(quote.id, sealId, 1);
    const other = await newQuote();
    expectFailure(await deleteLine({ id: line.id, quoteId: other.id }), 'NOT_FOUND');
    expectFailure(await deleteLine(line, a.token[1], { _id: randomUUID() }), 'NOT_FOUND');
    const removed = resultOf<{ ok: true; id: number; quote: TTotals }>(
      await callAudited(t, 'quoteManagement/deleteLine', { id: line.id, _id: line._id, quoteId: quote.id }, a.token[1]),
    );
    expect(removed).toEqual({
      ok: true,
      id: line.id,
      quote: { id: quote.id, version: 4, totalCost: '24.9900', lineCount: 1, discountPercent: '0' },
    });
    expect((await changeEventsOf(t, 'quoteLine', line.id)).at(-1)).toEqual(
      trailRow('quoteLine.deleted', a.pid, a.username[1], { quoteId: quote.id, partNumber: line.partNumber }),
    );
    expectFailure(await deleteLine(line), 'NOT_FOUND');
    expectFailure(
      await deleteLine({ id: line.id, quoteId: quote.id }, a.token[1], { version: 1 }),
      'NOT_FOUND',
      MSG.notFound,
    );
  });
});

describe('line versions', () => {
  const linesOf = async (quoteId: number) => (await calls.getQuote(quoteId, a.token[1])).lines ?? [];

  it('a new line starts at version 1 and every change of it raises its version by one', async () => {
    const quote = await newQuote();
    const line = await addLine(quote.id);
    expect(line.version).toBe(1);
    const changed = resultOf<{ line: TQuoteLine }>(await updateLine(line.id, 2, a.token[1], { version: 1 }));
    expect(changed.line.version).toBe(2);
    expect((await linesOf(quote.id))[0]).toMatchObject({ id: line.id, quantity: 2, version: 2 });
  });

  it('of two concurrent updateLine calls at one line version exactly one wins; the other is 409 and changes nothing', async () => {
    const quote = await newQuote();
    const line = await addLine(quote.id, hingeId, 1);
    const [first, second] = await Promise.all(
      [2, 3].map((quantity) => updateLine(line.id, quantity, a.token[1], { version: line.version })),
    );
    const responses = [first, second];
    const winners = responses.flatMap((response, i) => (response?.statusCode === 200 ? [i + 2] : []));
    expect(winners).toHaveLength(1);
    const loser = responses.find((response) => response?.statusCode !== 200);
    if (!loser) throw new Error('no loser');
    expectFailure(loser, 'CONFLICT', MSG.conflict, 409);
    const quantity = winners[0] as number;
    const after = await calls.getQuote(quote.id, a.token[1]);
    expect(after.lines).toEqual([expect.objectContaining({ id: line.id, quantity, version: line.version + 1 })]);
    expect(after.totalCost).toBe(money4(quantity * 3850));
    // The stale version stays refused, for a delete too, and the line is still there as the winner left it.
    expectFailure(await updateLine(line.id, 9, a.token[1], { version: line.version }), 'CONFLICT', MSG.conflict);
    expectFailure(await deleteLine(line, a.token[1], { version: line.version }), 'CONFLICT', MSG.conflict);
    expect(await calls.getQuote(quote.id, a.token[1])).toEqual(after);
  });

  it('an edit of line A does not make an edit or delete of line B read before it conflict', async () => {
    const quote = await newQuote();
    await addLine(quote.id, hingeId, 1);
    await addLine(quote.id, sealId, 1);
    await addLine(quote.id, sealId, 1);
    const [lineA, lineB, lineC] = await linesOf(quote.id);
    if (!lineA || !lineB || !lineC) throw new Error('three lines expected');
    resultOf(await updateLine(lineA.id, 4, a.token[1], { version: lineA.version }));
    const editedB = resultOf<{ line: TQuoteLine; quote: TTotals }>(
      await updateLine(lineB.id, 2, a.token[1], { version: lineB.version }),
    );
    expect(editedB.line).toMatchObject({ quantity: 2, version: lineB.version + 1 });
    resultOf(await deleteLine(lineC, a.token[1], { version: lineC.version }));
    // The quote's own version still moves with every line change (its totals), so header edits see them.
    const after = await calls.getQuote(quote.id, a.token[1]);
    expect(after).toMatchObject({ totalCost: money4(4 * 3850 + 2 * 2499), lineCount: 2, version: quote.version + 6 });
  });

  it('a quote-level write with the version read before a line change still answers 409 (the totals moved)', async () => {
    const quote = await calls.getQuote((await newQuote()).id, a.token[1]);
    const line = await addLine(quote.id);
    resultOf(await updateLine(line.id, 2, a.token[1], { version: line.version }));
    const stale = await t.call(
      'quoteManagement/updateQuote',
      { id: quote.id, version: quote.version, input: { name: 'Late' } },
      a.token[1],
    );
    expectFailure(stale, 'CONFLICT', MSG.conflict, 409);
  });
});

describe('locked quotes and orders', () => {
  it('refuse line changes: "Quote is locked, no action can be taken." and the order message; nothing changes', async () => {
    for (const [patch, message] of [
      [{ isLocked: true }, MSG.quoteLocked],
      [{ type: 2 }, MSG.orderLinesFixed],
    ] as const) {
      const quote = await newQuote();
      const line = await addLine(quote.id, hingeId, 2);
      await t.database.db.update(quotes).set(patch).where(eq(quotes.id, quote.id));
      expectFailure(await updateLine(line.id, 5), 'CONFLICT', message, 409);
      expectFailure(await deleteLine(line), 'CONFLICT', message, 409);
      expectFailure(await calls.addLine(quote.id, hingeId, a.token[1]), 'CONFLICT', message, 409);
      expect(await calls.getQuote(quote.id, a.token[1])).toMatchObject({ totalCost: '77.0000', lineCount: 1 });
    }
  });
});

describe('quote totals are exact to the cent', () => {
  type TOp =
    | { kind: 'create'; product: number; quantity: number }
    | { kind: 'update'; pick: number; quantity: number }
    | { kind: 'delete'; pick: number };

  const quantity = fc.integer({ min: 1, max: 999 });
  const op: fc.Arbitrary<TOp> = fc.oneof(
    fc.record({ kind: fc.constant('create' as const), product: fc.nat(), quantity }),
    fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), quantity }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  );

  it('totalCost always equals the sum of price x quantity in integer cents after any createLine/updateLine/deleteLine', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 99_999_99 }), { minLength: 1, maxLength: 3 }),
        fc.array(op, { minLength: 1, maxLength: 8 }),
        async (priceCents, ops) => {
          const products = await Promise.all(
            priceCents.map(async (cents) => ({
              id: (await calls.fixedProduct(fromCents(cents), a.token[5])).ID,
              cents,
            })),
          );
          const quote = await newQuote();
          const lines = new Map<number, { cents: number; quantity: number }>();
          for (const step of ops) {
            const ids = [...lines.keys()];
            if (step.kind === 'create') {
              const product = products[step.product % products.length]!;
              const line = await addLine(quote.id, product.id, step.quantity);
              lines.set(line.id, { cents: product.cents, quantity: step.quantity });
            } else if (ids.length > 0) {
              const id = ids[step.pick % ids.length]!;
              if (step.kind === 'update') {
                resultOf(await updateLine(id, step.quantity));
                lines.set(id, { ...lines.get(id)!, quantity: step.quantity });
              } else {
                resultOf(await deleteLine({ id, quoteId: quote.id }));
                lines.delete(id);
              }
            }
            const expected = [...lines.values()].reduce((sum, line) => sum + line.cents * line.quantity, 0);
            const current = await calls.getQuote(quote.id, a.token[1]);
            expect(current.totalCost).toBe(money4(expected));
            expect(current.lineCount).toBe(lines.size);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
