import { randomUUID } from 'node:crypto';
import { MSG, type TProductView, type TQuote, type TQuoteLine } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, trailRow } from '../audit/audit.test-support';
import { quoteCalls } from './quotes.test-support';

let t: TTestApp;
let a: TPlatformActors;
let hinge: TProductView;
let seal: TProductView;

let calls: ReturnType<typeof quoteCalls>;
const fixedProduct = (defaultPrice: string, token = a.token[5]) => calls.fixedProduct(defaultPrice, token);
const newQuote = (token = a.token[1], input: Record<string, unknown> = {}) => calls.newQuote(token, input);
const addLine = (quoteId: number, productId: number, token = a.token[1], extra: Record<string, unknown> = {}) =>
  calls.addLine(quoteId, productId, token, extra);
const getQuote = (id: number, token = a.token[1]) => calls.getQuote(id, token);

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  calls = quoteCalls(t);
  hinge = await fixedProduct('38.50');
  seal = await fixedProduct('24.9');
});
afterAll(() => t.close());

describe('quoteManagement/createQuote', () => {
  it('creates an empty quote owned by the caller, once per _id', async () => {
    const _id = randomUUID();
    const quote = resultOf<TQuote>(
      await callAudited(t, 'quoteManagement/createQuote', { input: { _id, name: 'Warehouse 4' } }, a.token[1]),
    );
    expect(quote).toMatchObject({
      _id,
      type: 1,
      name: 'Warehouse 4',
      pid: a.pid,
      createdByEmail: a.username[1],
      lineCount: 0,
      totalCost: '0.0000',
      version: 1,
      isLocked: false,
      lines: [],
      contact: null,
      billingAddress: null,
    });
    const again = resultOf<TQuote>(await t.call('quoteManagement/createQuote', { input: { _id } }, a.token[1]));
    expect(again.id).toBe(quote.id);
    expect(await changeEventsOf(t, 'quote', quote.id)).toEqual([
      trailRow('quote.created', a.pid, a.username[1], { type: 1 }),
    ]);
  });

  it('gives public users a quote request (type 3) whatever they ask for', async () => {
    expect((await newQuote(a.token[0])).type).toBe(3);
    expect((await newQuote(a.token[0], { type: 1 })).type).toBe(3);
    expect((await newQuote(a.token[1], { type: 3 })).type).toBe(3);
  });

  it('refuses an order, someone else’s username below level 5, and another caller’s _id', async () => {
    expectFieldError(
      await t.call('quoteManagement/createQuote', { input: { _id: randomUUID(), type: 2 } }, a.token[1]),
      'input.type',
    );
    expectFailure(
      await t.call(
        'quoteManagement/createQuote',
        { input: { _id: randomUUID(), username: a.username[0] } },
        a.token[1],
      ),
      'FORBIDDEN',
    );
    const taken = await newQuote(a.token[1]);
    expectFailure(
      await t.call('quoteManagement/createQuote', { input: { _id: taken._id } }, a.token[0]),
      'CONFLICT',
      undefined,
      409,
    );
  });

  it('lets an administrator create a quote for a user of their platform', async () => {
    const quote = await newQuote(a.token[5], { username: a.username[1] });
    expect(quote).toMatchObject({ createdByEmail: a.username[1], type: 1 });
    expect((await getQuote(quote.id, a.token[1])).id).toBe(quote.id);
    expectFailure(
      await t.call(
        'quoteManagement/createQuote',
        { input: { _id: randomUUID(), username: a.username[1] } },
        a.otherAdmin,
      ),
      'NOT_FOUND',
    );
  });
});

describe('quoteManagement/createLine', () => {
  it('adds a fixed-price product at its default price, once per _id, and keeps the totals exact', async () => {
    const quote = await newQuote();
    const _id = randomUUID();
    const input = { _id, quoteId: quote.id, productId: hinge.ID, quantity: 3 };
    const line = resultOf<TQuoteLine>(await callAudited(t, 'quoteManagement/createLine', { input }, a.token[1]));
    expect(line).toMatchObject({
      _id,
      quoteId: quote.id,
      productId: hinge.ID,
      price: '38.5000',
      quantity: 3,
      partNumber: hinge.ProductNumber,
      productName: 'Fixed',
      imgUrl: '/models/images/swatch-grey.svg',
      isNonConfigurable: true,
      quoteCreated: '1',
      companyId: 1,
      Details: [],
    });
    const again = resultOf<TQuoteLine>(await addLine(quote.id, hinge.ID, a.token[1], { _id, quantity: 3 }));
    expect(again.id).toBe(line.id);
    // 3 x 38.50 + 7 x 24.90 = 115.50 + 174.30 = 289.80, exact in numeric.
    resultOf(await addLine(quote.id, seal.ID, a.token[1], { quantity: 7 }));
    const read = await getQuote(quote.id);
    expect(read).toMatchObject({ lineCount: 2, totalCost: '289.8000', version: 3 });
    expect(read.lines?.map((row) => [row.partNumber, row.price, row.quantity])).toEqual([
      [hinge.ProductNumber, '38.5000', 3],
      [seal.ProductNumber, '24.9000', 7],
    ]);
    expect(await changeEventsOf(t, 'quoteLine', line.id)).toEqual([
      trailRow('quoteLine.created', a.pid, a.username[1], { quoteId: quote.id, partNumber: hinge.ProductNumber }),
    ]);
  });

  it('marks lines of public users quoteCreated 0', async () => {
    const quote = await newQuote(a.token[0]);
    expect(resultOf<TQuoteLine>(await addLine(quote.id, hinge.ID, a.token[0])).quoteCreated).toBe('0');
  });

  it('refuses configurable products, other platforms’ products and quotes, locked quotes and orders', async () => {
    const quote = await newQuote();
    const configurable = resultOf<TProductView>(
      await t.call(
        'productManagement/createProduct',
        { input: { Name: 'Cfg', ProductNumber: `C-${randomUUID().slice(0, 6)}`, isNonConfigurable: false } },
        a.token[5],
      ),
    );
    expectFieldError(await addLine(quote.id, configurable.ID), 'input.productId');
    const theirs = await fixedProduct('1', a.otherAdmin);
    expectFailure(await addLine(quote.id, theirs.ID), 'NOT_FOUND');
    expectFailure(await addLine(quote.id, hinge.ID, a.token[0]), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(await addLine(quote.id, hinge.ID, a.otherAdmin), 'NOT_FOUND', MSG.notFound, 404);

    for (const [patch, message] of [
      [{ isLocked: true }, MSG.quoteLocked],
      [{ type: 2 }, MSG.orderLinesFixed],
    ] as const) {
      const closed = await newQuote();
      await t.database.db.update(quotes).set(patch).where(eq(quotes.id, closed.id));
      expectFailure(await addLine(closed.id, hinge.ID), 'CONFLICT', message, 409);
      expect((await getQuote(closed.id)).lineCount).toBe(0);
    }
  });
});

describe('quoteManagement/getQuote and getQuoteById', () => {
  it('answer own quotes to levels 0 and 1, the platform’s to level 5, all to level 9, and 404 otherwise', async () => {
    const quote = await newQuote(a.token[1]);
    for (const path of ['quoteManagement/getQuote', 'quoteManagement/getQuoteById'] as const) {
      for (const token of [a.token[1], a.token[5], a.token[9]]) {
        expect(resultOf<TQuote>(await t.call(path, { id: quote.id }, token)).id).toBe(quote.id);
      }
      for (const token of [a.token[0], a.otherAdmin]) {
        expectFailure(await t.call(path, { id: quote.id }, token), 'NOT_FOUND', MSG.notFound, 404);
      }
      expectFailure(await t.call(path, { id: 999_999 }, a.token[9]), 'NOT_FOUND');
    }
  });
});
