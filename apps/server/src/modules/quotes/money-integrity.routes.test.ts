import { randomUUID } from 'node:crypto';
import {
  CONFIGURATOR_ID,
  MSG,
  type TDocumentRevisions,
  type TDownloadLink,
  type TPaymentResult,
  type TQuote,
  type TQuoteLine,
  toCents,
} from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations, mailOutbox, payments, products, quoteLines } from '../../db/schema';
import { pdfText } from '../../pdf/pdf-text.test-support';
import { expectFieldError, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { quoteCalls } from './quotes.test-support';

let t: TTestApp;
let a: TPlatformActors;
let calls: ReturnType<typeof quoteCalls>;
/** A card-checkout buyer on platform a. */
let buyer: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  calls = quoteCalls(t);
  const { db, config } = t.deps;
  buyer = (await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid, checkoutType: 'stripe' })).token;
});
afterAll(() => t.close());

/** Prints the quote (the review step, Create Quote) and answers the text of its PDF. */
async function printedText(quoteId: number, token: string): Promise<string> {
  const configurationId = randomUUID();
  const start = { configurationId, productId: CONFIGURATOR_ID.quote, quoteId };
  resultOf(await t.call('configurator/start', start, token));
  resultOf(
    await t.call('configurator/configure', { sessionId: configurationId, id: 'leadTime', value: '2-4 weeks' }, token),
  );
  resultOf(await t.call('configurator/finish', { sessionId: configurationId, quoteId }, token));
  const docs = resultOf<TDocumentRevisions>(
    await t.call(
      'quoteManagement/getCurrentPrintedDocument',
      { quoteId, productId: CONFIGURATOR_ID.quote, configId: configurationId, componentAttributeName: null },
      token,
    ),
  );
  const path = docs.current?.path ?? '';
  const { link } = resultOf<TDownloadLink>(await t.call('quoteManagement/downloadFile', { path }, token));
  return pdfText((await t.app.inject({ method: 'GET', url: link })).rawPayload);
}

describe('a quote with prices of 3 and 4 decimals', () => {
  it('shows the same line totals and total in its lines, the PDF, the order e-mail, the stored order and the card charge', async () => {
    const priced: [string, number][] = [
      ['0.125', 8],
      ['1.0049', 3],
      ['19.9999', 7],
    ];
    const quote = await calls.newQuote(buyer, { name: 'Odd cents' });
    for (const [defaultPrice, quantity] of priced) {
      const product = await calls.fixedProduct(defaultPrice, a.token[5]);
      resultOf(await calls.addLine(quote.id, product.ID, buyer, { quantity }));
    }
    const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@buyer.example' };
    const before = await calls.getQuote(quote.id, buyer);
    resultOf(
      await t.call('quoteManagement/updateQuote', { id: quote.id, version: before.version, input: contact }, buyer),
    );

    // Unit prices are held to cents when the line is priced; the total is the sum of the line totals.
    const lines = (await calls.getQuote(quote.id, buyer)).lines as TQuoteLine[];
    expect(lines.map((line) => [line.price, line.quantity])).toEqual([
      ['0.1300', 8],
      ['1.0000', 3],
      ['20.0000', 7],
    ]);
    const text = await printedText(quote.id, buyer);
    const quoted = await calls.getQuote(quote.id, buyer);
    expect(quoted.totalCost).toBe('144.0400');
    for (const shown of ['$0.13', '$1.04', '$1.00', '$3.00', '$20.00', '$140.00', '$144.04']) {
      expect(text).toContain(shown);
    }

    const paid = resultOf<TPaymentResult>(
      await t.call(
        'paymentManagement/payment',
        { amount: toCents(quoted.totalCost), id: 'pm_card_visa', quoteId: quote.id, version: quoted.version },
        buyer,
      ),
    );
    expect(paid).toMatchObject({ status: 'succeeded', order: { type: 2, totalCost: '144.0400' } });
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.quoteId, quote.id));
    expect(payment?.amountCents).toBe(14_404);
    const [mail] = (await t.deps.db.select().from(mailOutbox)).filter(
      (row) => row.subject === `Order #${quote.id} confirmed`,
    );
    for (const shown of [
      '| 8 | $0.13 | $1.04',
      '| 3 | $1.00 | $3.00',
      '| 7 | $20.00 | $140.00',
      'Order total | $144.04',
    ]) {
      expect(mail?.textBody).toContain(shown);
    }
    expect(mail?.textBody).toContain('Paid by card: $144.04.');
  });
});

describe('prices a buyer cannot set', () => {
  it('the one-cent order: the pricing step takes no price, and a card charge of 1 cent for $54.00 is refused', async () => {
    const lock = await calls.fixedProduct('54.00', a.token[5]);
    const quote = await calls.orderableQuote(lock.ID, buyer, 1);
    const [line] = quote.lines ?? [];
    const step = { configurationId: randomUUID(), productId: CONFIGURATOR_ID.quote, quoteId: quote.id };
    resultOf(await t.call('configurator/start', step, buyer));
    for (const price of ['0.0100', '-54.0000']) {
      const pricing = { quoteId: quote.id, quoteGenConfigId: step.configurationId, lines: [{ id: line?.id, price }] };
      expectFieldError(
        await t.call('quoteManagement/updateSolidfitLinePricing', pricing, buyer),
        'lines.0',
        'Unknown field(s): price',
      );
    }
    const payment = { amount: 1, id: 'pm_card_visa', quoteId: quote.id, version: quote.version };
    const refused = await t.call('paymentManagement/payment', payment, buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('The quote total changed to $54.00. Review it and pay again.');
    expect(await calls.getQuote(quote.id, buyer)).toMatchObject({
      type: 1,
      totalCost: '54.0000',
      version: quote.version,
    });
    const paid = await t.call('paymentManagement/payment', { ...payment, amount: 5400 }, buyer);
    expect(resultOf<TPaymentResult>(paid)).toMatchObject({ status: 'succeeded', order: { totalCost: '54.0000' } });
  });
});

describe('a quote priced before prices were held to cents', () => {
  it('is copied at cents, its lines and total by the one rule', async () => {
    const product = await calls.fixedProduct('10', a.token[5]);
    const quote = await calls.newQuote(a.token[1]);
    const line = resultOf<TQuoteLine>(await calls.addLine(quote.id, product.ID, a.token[1], { quantity: 8 }));
    await t.deps.db.update(quoteLines).set({ price: '0.1250', salesPrice: '0.1250' }).where(eq(quoteLines.id, line.id));
    const copy = resultOf<TQuote>(
      await t.call('quoteManagement/copyQuote', { id: quote.id, _id: randomUUID() }, a.token[1]),
    );
    expect(copy.totalCost).toBe('1.0400');
    expect(copy.lines?.map((copied) => [copied.price, copied.salesPrice, copied.quantity])).toEqual([
      ['0.1300', '0.1300', 8],
    ]);
  });
});

describe('the review step', () => {
  it('is given each line’s price held to cents, as the lines show it (1.005 is 1.01)', async () => {
    const product = await calls.fixedProduct('10', a.token[5]);
    const quote = await calls.newQuote(a.token[1]);
    const line = resultOf<TQuoteLine>(await calls.addLine(quote.id, product.ID, a.token[1], { quantity: 3 }));
    await t.deps.db.update(quoteLines).set({ price: '1.0050' }).where(eq(quoteLines.id, line.id));
    const configurationId = randomUUID();
    const start = { configurationId, productId: CONFIGURATOR_ID.quote, quoteId: quote.id };
    resultOf(await t.call('configurator/start', start, a.token[1]));
    const [row] = await t.deps.db.select().from(configurations).where(eq(configurations.id, configurationId));
    const params = (row?.params ?? []) as { Name: string; SimpleValue: unknown }[];
    expect(params.find((param) => param.Name === 'Line_Price')?.SimpleValue).toBe('1.01');
  });
});

describe('money past what the database holds', () => {
  it('a price of 999999999999999.9999 is refused naming the field, and no product is made', async () => {
    const productNumber = `BIG-${randomUUID().slice(0, 8)}`;
    const input = {
      Name: 'Too dear',
      ProductNumber: productNumber,
      isNonConfigurable: true,
      defaultPrice: '999999999999999.9999',
    };
    const response = await t.call('productManagement/createProduct', { input }, a.token[5]);
    expectFieldError(response, 'input.defaultPrice', MSG.amountTooLarge);
    expect(await t.deps.db.select().from(products).where(eq(products.productNumber, productNumber))).toEqual([]);
    for (const defaultPrice of ['-1.00', '1.23456', '1e5']) {
      const refused = await t.call(
        'productManagement/createProduct',
        { input: { ...input, defaultPrice } },
        a.token[5],
      );
      expectFieldError(refused, 'input.defaultPrice', MSG.amountFormat);
    }
  });

  it('a line whose price x quantity passes the column is refused naming the quantity, and nothing changes', async () => {
    const dear = await calls.fixedProduct('999999999999.99', a.token[5]);
    const quote = await calls.newQuote(a.token[1]);
    const tooMany = await calls.addLine(quote.id, dear.ID, a.token[1], { quantity: 1001 });
    expectFieldError(tooMany, 'input.quantity', MSG.quoteTotalTooLarge);
    expect(await calls.getQuote(quote.id, a.token[1])).toMatchObject({ version: quote.version, lineCount: 0 });

    const line = resultOf<TQuoteLine>(await calls.addLine(quote.id, dear.ID, a.token[1], { quantity: 1000 }));
    const at = await calls.getQuote(quote.id, a.token[1]);
    expect(at.totalCost).toBe('999999999999990.0000');
    const update = { id: line.id, input: { quantity: 1_000_000 } };
    expectFieldError(
      await t.call('quoteManagement/updateLine', update, a.token[1]),
      'input.quantity',
      MSG.quoteTotalTooLarge,
    );
    const after = await calls.getQuote(quote.id, a.token[1]);
    expect(after).toMatchObject({ version: at.version, totalCost: at.totalCost });
    expect(after.lines?.[0]?.quantity).toBe(1000);

    // Up to MONEY_MAX exactly, and not a cent more.
    const cent = await calls.fixedProduct('0.01', a.token[5]);
    resultOf(await calls.addLine(quote.id, cent.ID, a.token[1], { quantity: 999 }));
    expect((await calls.getQuote(quote.id, a.token[1])).totalCost).toBe('999999999999999.9900');
    expectFieldError(await calls.addLine(quote.id, cent.ID, a.token[1]), 'input.quantity', MSG.quoteTotalTooLarge);
  });
});
