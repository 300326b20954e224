import { randomUUID } from 'node:crypto';
import type { TProductView, TQuote } from '@cpq/contracts';
import { resultOf } from '../../testing/expect-api';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';

/** Quote calls for tests, bound to one app: fixed-price products, quotes and lines created through the API. */
export function quoteCalls(t: TTestApp) {
  return {
    async fixedProduct(defaultPrice: string, token: string): Promise<TProductView> {
      const input = {
        Name: 'Fixed',
        ProductNumber: `F-${randomUUID().slice(0, 8)}`,
        isNonConfigurable: true,
        defaultPrice,
        ImageUrl: '/models/images/swatch-grey.svg',
      };
      return resultOf<TProductView>(await t.call('productManagement/createProduct', { input }, token));
    },
    async newQuote(token: string, input: Record<string, unknown> = {}): Promise<TQuote> {
      return resultOf<TQuote>(
        await t.call('quoteManagement/createQuote', { input: { _id: randomUUID(), ...input } }, token),
      );
    },
    addLine: (quoteId: number, productId: number, token: string, extra: Record<string, unknown> = {}) =>
      t.call('quoteManagement/createLine', { input: { _id: randomUUID(), quoteId, productId, ...extra } }, token),
    getQuote: async (id: number, token: string) =>
      resultOf<TQuote>(await t.call('quoteManagement/getQuote', { id }, token)),
    /** A quote ready to order: `lines` lines of the product and a contact with an e-mail, at its current version. */
    async orderableQuote(productId: number, token: string, lines = 2): Promise<TQuote> {
      const quote = await this.newQuote(token, { name: 'Warehouse doors' });
      for (let index = 0; index < lines; index += 1) resultOf(await this.addLine(quote.id, productId, token));
      const updated = await this.getQuote(quote.id, token);
      const input = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@buyer.example' };
      return resultOf<TQuote>(
        await t.call('quoteManagement/updateQuote', { id: quote.id, version: updated.version, input }, token),
      );
    },
    /** An order of `token`'s user: an orderable quote placed with a purchase-order number. */
    async placedOrder(productId: number, token: string, lines = 2): Promise<TQuote> {
      const quote = await this.orderableQuote(productId, token, lines);
      return resultOf<TQuote>(
        await t.call('quoteManagement/placeOrder', { id: quote.id, version: quote.version, poNumber: 'PO-1' }, token),
      );
    },
  };
}

export type TQuoteTestBed = {
  t: TTestApp;
  a: TPlatformActors;
  calls: ReturnType<typeof quoteCalls>;
  /** A fixed-price product, created by the level-5 administrator of `a`'s platform. */
  productId: number;
};

/**
 * The usual set-up of a quote or order test, for a `beforeAll`: a fresh app (`appOptions` as for `createTestApp`),
 * the platform's actors, quote calls bound to the app, and a fixed-price product at `defaultPrice`.
 * The caller closes the app (`t.close()`).
 */
export async function quoteTestBed(
  defaultPrice: string,
  appOptions?: Parameters<typeof createTestApp>[0],
): Promise<TQuoteTestBed> {
  const t = await createTestApp(appOptions);
  const a = await createPlatformActors(t);
  const calls = quoteCalls(t);
  const productId = (await calls.fixedProduct(defaultPrice, a.token[5])).ID;
  return { t, a, calls, productId };
}
