import { randomUUID } from 'node:crypto';
import { MSG, type TQuote } from '@cpq/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, jobs, mailOutbox, quotes, statusTypes } from '../../db/schema';
import { pdfText } from '../../pdf/pdf-text.test-support';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import type { TPlatformActors } from '../../testing/platform-actors';
import type { TTestApp } from '../../testing/test-app';
import { quoteTestBed, type TQuoteTestBed } from '../quotes/quotes.test-support';

let t: TTestApp;
let a: TPlatformActors;
let calls: TQuoteTestBed['calls'];
let productId: number;

beforeAll(async () => {
  ({ t, a, calls, productId } = await quoteTestBed('120.25'));
});
afterAll(() => t.close());

/** A quote of `token`'s user with `lines` lines of the fixed product, a contact e-mail, and its current version. */
async function quoteWithLines(token = a.token[1], lines = 2): Promise<TQuote> {
  const quote = await calls.newQuote(token, { name: 'Warehouse doors' });
  for (let index = 0; index < lines; index += 1) resultOf(await calls.addLine(quote.id, productId, token));
  const updated = await calls.getQuote(quote.id, token);
  return resultOf<TQuote>(
    await t.call(
      'quoteManagement/updateQuote',
      { id: quote.id, version: updated.version, input: { firstName: 'Ada', email: 'ada@buyer.example' } },
      token,
    ),
  );
}

const order = (quote: Pick<TQuote, 'id' | 'version'>, poNumber = 'PO-1001', token = a.token[1]) =>
  t.call('quoteManagement/placeOrder', { id: quote.id, version: quote.version, poNumber }, token);

const mailsOf = (quoteId: number) =>
  t.deps.db
    .select()
    .from(mailOutbox)
    .then((rows) => rows.filter((row) => row.subject === `Order #${quoteId} confirmed`));

describe('quoteManagement/placeOrder', () => {
  it('turns the quote into an order: type 2, PO number, date, integration, audit, mail, contentchange', async () => {
    const quote = await quoteWithLines();
    const publish = vi.spyOn(t.deps.realtime, 'publishContentChange');
    const placed = resultOf<TQuote>(await order(quote, ' PO-1001 '));
    expect(placed).toMatchObject({
      id: quote.id,
      type: 2,
      poNumber: 'PO-1001',
      integration: 'default',
      version: quote.version + 1,
      totalCost: '240.5000',
    });
    expect(Date.now() - Date.parse(placed.dateOrderPlaced ?? '')).toBeLessThan(60_000);
    expect(placed.lines).toHaveLength(2);

    const [mail, ...more] = await mailsOf(quote.id);
    expect(more).toEqual([]);
    expect(mail?.to.sort()).toEqual(['ada@buyer.example', a.username[1]].sort());
    expect(mail?.textBody).toContain('Purchase order: PO-1001.');
    expect(mail?.textBody).toContain('Order total | $240.50');
    expect(mail?.textBody).toContain(`http://cpq.test/Quote/${quote.id}`);

    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'quote'), eq(auditEvents.entityId, String(quote.id))))
      .then((rows) => rows.filter((row) => (row.data as { via?: string }).via === 'po'));
    expect(event?.data).toEqual({ fields: ['type', 'poNumber', 'dateOrderPlaced', 'integration'], via: 'po' });

    expect(publish).toHaveBeenCalledWith(a.pid, {
      activeOrders: [{ id: quote.id, statusTypeId: null, status: 'Ordered', version: placed.version }],
      numItemsUpdated: 1,
    });
    publish.mockRestore();

    const listed = resultOf<{ rows: { id: number }[] }>(
      await t.call('quoteManagement/getQuotes', { type: 2, username: a.username[1] }, a.token[1]),
    );
    expect(listed.rows.map((row) => row.id)).toContain(quote.id);
  });

  it('answers before the order document is printed: its job prints it once, and open screens hear of it', async () => {
    const quote = await quoteWithLines();
    await t.deps.jobs.drain(['documents.printOrder']);
    const rendered = t.deps.renderer.stats().completed;
    const placed = resultOf<TQuote>(await order(quote));
    expect(placed.currentPrintedDocument).toBeNull();
    expect(t.deps.renderer.stats().completed).toBe(rendered);
    const current = async () =>
      resultOf<{ current: { path: string; originalName: string } | null }>(
        await t.call('quoteManagement/getCurrentPrintedDocument', { quoteId: quote.id }, a.token[1]),
      ).current;
    expect(await current()).toBeNull();
    const [job] = await t.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `documents.printOrder:${quote.id}`));
    expect(job).toMatchObject({ queue: 'documents.printOrder', status: 'pending', subject: `Order #${quote.id}` });

    const publish = vi.spyOn(t.deps.realtime, 'publishContentChange');
    expect(await t.deps.jobs.drain(['documents.printOrder'])).toBe(1);
    expect(t.deps.renderer.stats().completed).toBe(rendered + 1);
    const printed = await calls.getQuote(quote.id, a.token[1]);
    // The order document View opens: 'Order #id' printed as the next revision of the quote's printed document.
    expect(await current()).toMatchObject({
      path: printed.currentPrintedDocument,
      originalName: `Order-${quote.id}-Rev1.pdf`,
    });
    expect(printed.version).toBe(placed.version + 1);
    expect(publish).toHaveBeenCalledWith(a.pid, {
      activeOrders: [{ id: quote.id, statusTypeId: null, status: 'Ordered', version: printed.version }],
      numItemsUpdated: 1,
    });
    publish.mockRestore();
    const { link } = resultOf<{ link: string }>(
      await t.call('quoteManagement/downloadFile', { path: printed.currentPrintedDocument }, a.token[1]),
    );
    const text = pdfText((await t.app.inject({ method: 'GET', url: link })).rawPayload);
    expect(text).toContain(`Order #${quote.id}`);
    expect(text).toContain('PO-1001');
  });

  it('is idempotent: the same request again, or ten at once, make one order and one e-mail', async () => {
    const quote = await quoteWithLines();
    const answers = await Promise.all(Array.from({ length: 10 }, () => order(quote, 'PO-77')));
    const placed = answers.map((answer) => resultOf<TQuote>(answer));
    expect(new Set(placed.map((row) => `${row.type}/${row.version}/${row.dateOrderPlaced}`)).size).toBe(1);
    expect(resultOf<TQuote>(await order(quote, 'PO-77'))).toMatchObject({ type: 2, version: quote.version + 1 });
    expect(await mailsOf(quote.id)).toHaveLength(1);
    // Another PO number for a quote that is already an order is a different order: refused, nothing changes.
    expectFailure(
      await order(quote, 'PO-78'),
      'CONFLICT',
      `Quote #${quote.id} is already an order. Open it from Orders.`,
    );
    expect(await calls.getQuote(quote.id, a.token[1])).toMatchObject({ poNumber: 'PO-77' });
  });

  it('refuses what cannot be ordered, and changes nothing', async () => {
    const empty = await calls.newQuote(a.token[1]);
    expectFailure(await order(empty), 'VALIDATION_FAILED', MSG.addLine, 400);

    const stale = await quoteWithLines();
    expectFailure(await order({ id: stale.id, version: stale.version - 1 }), 'CONFLICT', MSG.conflict, 409);

    const locked = await quoteWithLines();
    await t.deps.db.update(quotes).set({ isLocked: true }).where(eq(quotes.id, locked.id));
    expectFailure(await order(locked), 'CONFLICT', MSG.quoteLocked, 409);

    const blank = await quoteWithLines();
    expectFailure(await order(blank, '   '), 'VALIDATION_FAILED', undefined, 400);

    const rows = await t.deps.db
      .select({ type: quotes.type, poNumber: quotes.poNumber })
      .from(quotes)
      .where(inArray(quotes.id, [empty.id, stale.id, locked.id, blank.id]));
    expect(rows.every((row) => row.type === 1 && row.poNumber === null)).toBe(true);
  });

  it('orders only quotes the caller may see; card-checkout users and public users cannot use a PO', async () => {
    const quote = await quoteWithLines();
    const otherUser = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.pid });
    expectFailure(await order(quote, 'PO-X', otherUser.token), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(await order(quote, 'PO-X', a.otherAdmin), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(await order(quote, 'PO-X', a.token[0]), 'FORBIDDEN', undefined, 403);

    const cardUser = await signedInUser(t.deps.db, t.deps.config.tokenSecret, {
      roleLevel: 1,
      pid: a.pid,
      checkoutType: 'stripe',
    });
    const cardQuote = await quoteWithLines(cardUser.token);
    expectFailure(
      await order(cardQuote, 'PO-X', cardUser.token),
      'FORBIDDEN',
      'Your account pays by card: use the card form on the Summary tab.',
      403,
    );

    // An administrator of the platform may place the order of one of its users.
    expect(resultOf<TQuote>(await order(quote, 'PO-ADMIN', a.token[5]))).toMatchObject({ type: 2 });
  });

  it('shows its buyer the status name, even one above their level', async () => {
    const quote = await quoteWithLines();
    resultOf(await order(quote));
    const [shipped] = await t.deps.db
      .insert(statusTypes)
      .values({ pid: a.pid, name: 'Shipped', roleLevel: 5, displayOrder: 4 })
      .returning();
    await t.deps.db.update(quotes).set({ statusTypeId: shipped!.id }).where(eq(quotes.id, quote.id));
    expect(await calls.getQuote(quote.id, a.token[1])).toMatchObject({
      statusTypeId: shipped!.id,
      statusName: 'Shipped',
    });
    const listed = resultOf<{ rows: { id: number; statusName: string | null }[] }>(
      await t.call('quoteManagement/getQuotes', { type: 2, attributes: ['statusName'] }, a.token[1]),
    );
    expect(listed.rows.find((row) => row.id === quote.id)).toEqual({ id: quote.id, statusName: 'Shipped' });
  });

  it("starts as 'Ordered' whatever status the quote had", async () => {
    const quote = await quoteWithLines();
    const [draft] = await t.deps.db
      .insert(statusTypes)
      .values({ pid: a.pid, name: 'Draft', roleLevel: 0, displayOrder: 0 })
      .returning();
    const drafted = resultOf<TQuote>(
      await t.call(
        'quoteManagement/updateQuote',
        { id: quote.id, version: quote.version, input: { statusTypeId: draft!.id } },
        a.token[1],
      ),
    );
    expect(drafted.statusName).toBe('Draft');
    expect(resultOf<TQuote>(await order(drafted))).toMatchObject({ type: 2, statusTypeId: null, statusName: null });
    const listed = resultOf<{ rows: { id: number; statusName: string | null }[] }>(
      await t.call('quoteManagement/getQuotes', { type: 2, attributes: ['statusName'] }, a.token[1]),
    );
    expect(listed.rows.find((row) => row.id === quote.id)).toEqual({ id: quote.id, statusName: null });
  });

  it('an order takes no new lines', async () => {
    const quote = await quoteWithLines();
    resultOf(await order(quote));
    const added = await t.call(
      'quoteManagement/createLine',
      { input: { _id: randomUUID(), quoteId: quote.id, productId } },
      a.token[1],
    );
    expect(added.statusCode).toBe(409);
  });
});
