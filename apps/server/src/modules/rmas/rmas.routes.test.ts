import { MSG, msgQuantityNoGreaterThan, rmaNumberOf, type TQuote, type TRma } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, jobs, quoteLines, rmas } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import type { TTestApp } from '../../testing/test-app';
import { quoteTestBed, type TQuoteTestBed } from '../quotes/quotes.test-support';

let t: TTestApp;
let a: TPlatformActors;
let calls: TQuoteTestBed['calls'];
let productId: number;

beforeAll(async () => {
  ({ t, a, calls, productId } = await quoteTestBed('99.50'));
});
afterAll(() => t.close());

/** An order of the level-1 user with two lines, the first of quantity 3. */
async function order(token = a.token[1]): Promise<TQuote & { lines: NonNullable<TQuote['lines']> }> {
  const placed = await calls.placedOrder(productId, token);
  const [first] = placed.lines ?? [];
  await t.deps.db.update(quoteLines).set({ quantity: 3 }).where(eq(quoteLines.id, first!.id));
  const reloaded = await calls.getQuote(placed.id, token);
  return reloaded as TQuote & { lines: NonNullable<TQuote['lines']> };
}

const createRmas = (quoteId: number, lines: unknown[], token = a.token[1]) =>
  t.call('quoteManagement/createRMAs', { data: { quoteId, lines } }, token);

describe('quoteManagement/createRMAs', () => {
  it('answers who may call it', async () => {
    const placed = await order();
    const body = { data: { quoteId: placed.id, lines: [{ lineId: placed.lines[0]!.id, reason: 'x', quantity: 1 }] } };
    await expectAccess(t, a, 'quoteManagement/createRMAs', body, 1);
    await expectAccess(t, a, 'quoteManagement/getRMAs', { quoteId: placed.id }, 1);
  });

  it('returns a line: RMA0000 + order id, rmaCreated on the order and the line, a job that submits it to the ERP', async () => {
    const placed = await order();
    const line = placed.lines[0]!;
    const { rows } = resultOf<{ rows: TRma[] }>(
      await createRmas(placed.id, [
        { lineId: line.id, reason: '  Scratched door panel ', quantity: 2, enableRmaDispositions: true },
      ]),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        quoteId: placed.id,
        lineId: line.id,
        rmaNumber: rmaNumberOf(placed.id),
        reason: 'Scratched door panel',
        quantity: 2,
        enableRmaDispositions: true,
        status: 'submitting',
        erpLineNo: null,
        createdBy: a.username[1],
      }),
    ]);
    expect(rmaNumberOf(placed.id)).toBe(`RMA0000${placed.id}`);
    const after = await calls.getQuote(placed.id, a.token[1]);
    expect(after.rmaCreated).toBe(true);
    expect(after.version).toBe(placed.version + 1);
    expect(after.lines?.map((row) => row.rmaCreated)).toEqual([true, false]);
    const [job] = await t.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `erp.createRmaLine:${line.id}`));
    expect(job).toMatchObject({ queue: 'erp.createRmaLine', pid: a.pid, status: 'pending' });
    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, 'rma.created'));
    expect(audit.some((event) => event.entityId === String(rows[0]!.id))).toBe(true);

    // The default ERP is the app itself: the job records the RMA as submitted.
    await t.deps.jobs.drain();
    const listed = resultOf<{ rows: TRma[] }>(
      await t.call('quoteManagement/getRMAs', { quoteId: placed.id }, a.token[1]),
    );
    expect(listed.rows).toEqual([
      expect.objectContaining({ status: 'submitted', erpLineNo: String(line.id), erpStatus: 'Open', lastError: null }),
    ]);
  });

  it('the same RMA submitted twice, or at once, creates one', async () => {
    const placed = await order();
    const item = { lineId: placed.lines[1]!.id, reason: 'Wrong colour', quantity: 1 };
    const answers = await Promise.all([createRmas(placed.id, [item]), createRmas(placed.id, [item, item])]);
    const ids = answers.flatMap((answer) => resultOf<{ rows: TRma[] }>(answer).rows.map((row) => row.id));
    expect(new Set(ids).size).toBe(1);
    const again = resultOf<{ rows: TRma[] }>(
      await createRmas(placed.id, [{ ...item, reason: 'Changed mind', quantity: 1 }]),
    );
    expect(again.rows[0]).toMatchObject({ id: ids[0], reason: 'Wrong colour' });
    expect(await t.deps.db.select().from(rmas).where(eq(rmas.quoteId, placed.id))).toHaveLength(1);
    expect(
      await t.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `erp.createRmaLine:${item.lineId}`)),
    ).toHaveLength(1);
  });

  it('says what is wrong, word for word, and changes nothing', async () => {
    const placed = await order();
    const [first, second] = placed.lines;
    expectFieldError(
      await createRmas(placed.id, [{ lineId: first!.id, reason: '   ', quantity: 1 }]),
      'data.lines.0.reason',
      'Please state a reason for this RMA',
    );
    expectFieldError(
      await createRmas(placed.id, [{ lineId: first!.id, quantity: 1 }]),
      'data.lines.0.reason',
      'Please state a reason for this RMA',
    );
    expectFieldError(
      await createRmas(placed.id, [{ lineId: first!.id, reason: 'Dented', quantity: 4 }]),
      'data.lines.0.quantity',
      'Quantity can be no greater than 3',
    );
    expect(msgQuantityNoGreaterThan(3)).toBe('Quantity can be no greater than 3');
    expectFieldError(
      await createRmas(placed.id, [{ lineId: first!.id, reason: 'Dented', quantity: 0 }]),
      'data.lines.0.quantity',
      MSG.quantityMin,
    );
    // One bad line refuses the whole request: the good line is not returned either.
    expectFieldError(
      await createRmas(placed.id, [
        { lineId: first!.id, reason: 'Dented', quantity: 1 },
        { lineId: second!.id, reason: 'Dented', quantity: 2 },
      ]),
      'data.lines.1.quantity',
      'Quantity can be no greater than 1',
    );
    const other = await order();
    expectFieldError(
      await createRmas(placed.id, [{ lineId: other.lines[0]!.id, reason: 'Dented', quantity: 1 }]),
      'data.lines.0.lineId',
      MSG.rmaLineNotOnOrder,
    );
    expect(await t.deps.db.select().from(rmas).where(eq(rmas.quoteId, placed.id))).toEqual([]);
    expect((await calls.getQuote(placed.id, a.token[1])).rmaCreated).toBe(false);
  });

  it('returns only orders the caller may see', async () => {
    const placed = await order();
    const item = [{ lineId: placed.lines[0]!.id, reason: 'Dented', quantity: 1 }];
    const stranger = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.pid });
    expectFailure(await createRmas(placed.id, item, stranger.token), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(await createRmas(placed.id, item, a.otherAdmin), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(await t.call('quoteManagement/getRMAs', { quoteId: placed.id }, a.otherAdmin), 'NOT_FOUND');
    const quote = await calls.orderableQuote(productId, a.token[1]);
    expectFailure(
      await createRmas(quote.id, [{ lineId: quote.lines![0]!.id, reason: 'Dented', quantity: 1 }]),
      'CONFLICT',
      MSG.rmaOnlyOrders,
      409,
    );
    // The platform's administrator returns a line of the user's order.
    const { rows } = resultOf<{ rows: TRma[] }>(await createRmas(placed.id, item, a.token[5]));
    expect(rows[0]).toMatchObject({ createdBy: a.username[5] });
  });
});
