import { MSG, type TProductView, type TQuote, type TQuoteLine } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import type { TPlatformActors } from '../../testing/platform-actors';
import type { TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, expectNoEvents, trailRow } from '../audit/audit.test-support';
import { quoteTestBed } from './quotes.test-support';

type TTotals = { id: number; version: number; totalCost: string; lineCount: number; discountPercent: string };

let t: TTestApp;
let a: TPlatformActors;
let bed: Awaited<ReturnType<typeof quoteTestBed>>;

const lineDiscount = (line: Pick<TQuoteLine, 'id'>, discountPercent: unknown, token = a.token[1]) =>
  t.call('quoteManagement/updateLine', { id: line.id, input: { discountPercent } }, token);
const quoteDiscount = (quote: Pick<TQuote, 'id' | 'version'>, discountPercent: unknown, token = a.token[1]) =>
  t.call('quoteManagement/updateQuote', { id: quote.id, version: quote.version, input: { discountPercent } }, token);

/** A quote of the level-1 sales user with 3 of the $38.50 product ($115.50) and 1 at $24.99. */
async function discountableQuote(token = a.token[1]) {
  const quote = await bed.calls.newQuote(token);
  const hinge = resultOf<TQuoteLine>(await bed.calls.addLine(quote.id, bed.productId, token, { quantity: 3 }));
  const seal = (await bed.calls.fixedProduct('24.99', a.token[5])).ID;
  resultOf(await bed.calls.addLine(quote.id, seal, token));
  return { quote: await bed.calls.getQuote(quote.id, token), hinge };
}

beforeAll(async () => {
  bed = await quoteTestBed('38.50');
  ({ t, a } = bed);
});
afterAll(() => t.close());

describe('quoteManagement/updateLine discountPercent', () => {
  it('takes 40% off a line: the server prices the line and the total, audited', async () => {
    const { quote, hinge } = await discountableQuote();
    const changed = resultOf<{ line: TQuoteLine; quote: TTotals }>(
      await callAudited(
        t,
        'quoteManagement/updateLine',
        { id: hinge.id, input: { discountPercent: '40' } },
        a.token[1],
      ),
    );
    expect(changed.line).toMatchObject({ id: hinge.id, discountPercent: '40', quantity: 3, price: '38.5000' });
    // 115.50 less 40% = 69.30, plus 24.99.
    expect(changed.quote).toMatchObject({ totalCost: '94.2900', discountPercent: '0', version: quote.version + 1 });
    expect(await bed.calls.getQuote(quote.id, a.token[1])).toMatchObject({ totalCost: '94.2900' });
    expect((await changeEventsOf(t, 'quoteLine', hinge.id)).at(-1)).toEqual(
      trailRow('quoteLine.updated', a.pid, a.username[1], { fields: ['discountPercent'] }),
    );
    // A quantity change keeps the discount: 5 x 38.50 = 192.50, less 40% = 115.50, plus 24.99.
    const more = resultOf<{ quote: TTotals }>(
      await t.call('quoteManagement/updateLine', { id: hinge.id, input: { quantity: 5 } }, a.token[1]),
    );
    expect(more.quote.totalCost).toBe('140.4900');
  });

  it('refuses a discount that is not 0 to 100 with at most 2 decimals: 400 naming the field, nothing changes', async () => {
    const { quote, hinge } = await discountableQuote();
    await expectNoEvents(t, async () => {
      for (const bad of ['100.01', '-5', '12.345', 'abc', '', 40, null, '1e2']) {
        expectFieldError(await lineDiscount(hinge, bad), 'input.discountPercent');
      }
      expectFailure(
        await t.call('quoteManagement/updateLine', { id: hinge.id, input: {} }, a.token[1]),
        'VALIDATION_FAILED',
      );
    });
    expect(await bed.calls.getQuote(quote.id, a.token[1])).toMatchObject({
      version: quote.version,
      totalCost: '140.4900',
    });
    // The bounds themselves are discounts.
    expect(resultOf<{ quote: TTotals }>(await lineDiscount(hinge, '100')).quote.totalCost).toBe('24.9900');
    expect(resultOf<{ line: TQuoteLine }>(await lineDiscount(hinge, '0.05')).line.discountPercent).toBe('0.05');
  });

  it('refuses on a locked quote and on an order, as every line change', async () => {
    const { quote, hinge } = await discountableQuote();
    const locked = resultOf<TQuote>(
      await t.call('quoteManagement/lockQuote', { id: quote.id, version: quote.version }, a.token[5]),
    );
    expectFailure(await lineDiscount(hinge, '10'), 'CONFLICT', MSG.quoteLocked, 409);
    expectFailure(await quoteDiscount(locked, '10'), 'CONFLICT', MSG.quoteLocked, 409);
    const order = await bed.calls.placedOrder(bed.productId, a.token[1], 1);
    const [orderLine] = order.lines ?? [];
    expectFailure(await lineDiscount(orderLine ?? { id: 0 }, '10'), 'CONFLICT', MSG.orderLinesFixed, 409);
    expectFailure(await quoteDiscount(order, '10'), 'CONFLICT', MSG.orderReadOnly, 409);
  });

  it('lets registered users and up discount the quotes they may change; visitors and other platforms may not', async () => {
    const { hinge } = await discountableQuote();
    expectFailure(await lineDiscount(hinge, '5', a.otherAdmin), 'NOT_FOUND', MSG.notFound, 404);
    expect(resultOf<{ line: TQuoteLine }>(await lineDiscount(hinge, '5', a.token[5])).line.discountPercent).toBe('5');
    // A visitor's own quote request: the quantity is theirs to change, the price is not.
    const request = await discountableQuote(a.token[0]);
    expectFailure(await lineDiscount(request.hinge, '50', a.token[0]), 'FORBIDDEN', MSG.discountForbidden, 403);
    expectFailure(await quoteDiscount(request.quote, '50', a.token[0]), 'FORBIDDEN', MSG.discountForbidden, 403);
    expect(
      resultOf(
        await t.call('quoteManagement/updateLine', { id: request.hinge.id, input: { quantity: 2 } }, a.token[0]),
      ),
    ).toMatchObject({ line: { quantity: 2, discountPercent: '0' } });
  });
});

describe('quoteManagement/updateQuote discountPercent', () => {
  it('takes the quote discount off the lines after their own discounts, audited', async () => {
    const { quote, hinge } = await discountableQuote();
    resultOf(await lineDiscount(hinge, '40'));
    const current = await bed.calls.getQuote(quote.id, a.token[1]);
    const updated = resultOf<TQuote>(
      await callAudited(
        t,
        'quoteManagement/updateQuote',
        { id: quote.id, version: current.version, input: { discountPercent: '12.5' } },
        a.token[1],
      ),
    );
    // (69.30 + 24.99) = 94.29, less 12.5% (11.79 after rounding 11.78625) = 82.50.
    expect(updated).toMatchObject({ discountPercent: '12.5', totalCost: '82.5000', version: current.version + 2 });
    expect((await changeEventsOf(t, 'quote', quote.id)).at(-1)).toEqual(
      trailRow('quote.updated', a.pid, a.username[1], { fields: ['discountPercent'] }),
    );
    // A copy keeps the discounts and so its total.
    const copy = resultOf<TQuote>(
      await t.call('quoteManagement/copyQuote', { id: quote.id, _id: crypto.randomUUID() }, a.token[1]),
    );
    expect(copy).toMatchObject({ discountPercent: '12.5', totalCost: '82.5000' });
  });

  it('refuses a bad quote discount with 400 naming the field, and changes nothing', async () => {
    const { quote } = await discountableQuote();
    await expectNoEvents(t, async () => {
      for (const bad of ['101', '-1', '5.555', 12]) {
        expectFieldError(await quoteDiscount(quote, bad), 'input.discountPercent');
      }
    });
    expect(await bed.calls.getQuote(quote.id, a.token[1])).toMatchObject({ version: quote.version });
  });
});

describe('cost and margin', () => {
  let product: TProductView;

  beforeAll(async () => {
    product = (await bed.calls.fixedProduct('100', a.token[5])) as TProductView;
    product = resultOf<TProductView>(
      await t.call('productManagement/updateProduct', { id: product.ID, input: { cost: '61.25' } }, a.token[5]),
    );
  });

  it('an administrator sets a product’s cost and sees it; sales do not, on products or on quote lines', async () => {
    expect(product.cost).toBe('61.2500');
    const quote = await bed.calls.newQuote(a.token[1]);
    resultOf(await bed.calls.addLine(quote.id, product.ID, a.token[1]));
    const asSales = await bed.calls.getQuote(quote.id, a.token[1]);
    expect(asSales.lines?.[0]).not.toHaveProperty('cost');
    const asAdmin = await bed.calls.getQuote(quote.id, a.token[5]);
    expect(asAdmin.lines?.[0]?.cost).toBe('61.2500');
    const salesProduct = resultOf<TProductView>(
      await t.call('productManagement/getProduct', { id: product.ID }, a.token[1]),
    );
    expect(salesProduct).not.toHaveProperty('cost');
    const page = resultOf<{ rows: TProductView[] }>(
      await t.call('productManagement/getProducts', { search: product.ProductNumber }, a.token[1]),
    );
    expect(page.rows[0]).not.toHaveProperty('cost');
    // Only administrators write it.
    expectFailure(
      await t.call('productManagement/updateProduct', { id: product.ID, input: { cost: '1' } }, a.token[1]),
      'FORBIDDEN',
      undefined,
      403,
    );
    expectFieldError(
      await t.call('productManagement/updateProduct', { id: product.ID, input: { cost: '-1' } }, a.token[5]),
      'input.cost',
    );
  });

  it('a sales user whose role shows margins sees cost', async () => {
    await t.database.db
      .insert(roles)
      .values({ id: 'margin-sales', name: 'Margin sales', roleLevel: 1, showsMargin: true });
    const seller = await signedInUser(t.database.db, t.deps.config.tokenSecret, {
      roleLevel: 1,
      pid: a.pid,
      roleId: 'margin-sales',
    });
    const quote = await bed.calls.newQuote(seller.token);
    resultOf(await bed.calls.addLine(quote.id, product.ID, seller.token));
    expect((await bed.calls.getQuote(quote.id, seller.token)).lines?.[0]?.cost).toBe('61.2500');
    const changed = resultOf<{ line: TQuoteLine }>(
      await lineDiscount(
        (await bed.calls.getQuote(quote.id, seller.token)).lines?.[0] ?? { id: 0 },
        '10',
        seller.token,
      ),
    );
    expect(changed.line.cost).toBe('61.2500');
  });
});
