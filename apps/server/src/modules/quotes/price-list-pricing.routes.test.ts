import { randomUUID } from 'node:crypto';
import {
  msgLinesRepriced,
  type TCustomer,
  type TFinishResult,
  type TPriceList,
  type TQuote,
  type TQuoteLine,
  type TStartResult,
} from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteLines } from '../../db/schema';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { changeEventsOf } from '../audit/audit.test-support';
import { createConfigurableProduct, demoModel, ROAD_BIKE } from '../configurator/configurator.test-support';
import { pricingDay } from '../price-lists/price-list-pricing';
import { quoteCalls } from './quotes.test-support';

let t: TTestApp;
let a: TPlatformActors;
let calls: ReturnType<typeof quoteCalls>;
let widgetId: number;
let boltId: number;
let bicycleId: number;

const DAY_MS = 86_400_000;
const dayFrom = (days: number) => pricingDay(new Date(Date.now() + days * DAY_MS));

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  calls = quoteCalls(t);
  widgetId = (await calls.fixedProduct('100.00', a.token[5])).ID;
  boltId = (await calls.fixedProduct('2.50', a.token[5])).ID;
  bicycleId = (await createConfigurableProduct(t, a.token[5], demoModel('bicycle'))).ID;
});
afterAll(() => t.close());

async function priceList(input: Record<string, unknown>): Promise<TPriceList> {
  const body = { input: { name: `List ${randomUUID().slice(0, 6)}`, ...input } };
  return resultOf<TPriceList>(await t.call('priceListManagement/createPriceList', body, a.token[5]));
}

async function customerWith(priceListId: number | null, isDealer = false): Promise<TCustomer> {
  const input = { erpId: `C-${randomUUID().slice(0, 6)}`, priceListId, isDealer };
  return resultOf<TCustomer>(await t.call('customerManagement/createCustomer', { input }, a.token[5]));
}

type TRepriced = TQuote & { pricingMessage: string | null };
async function setCustomer(quoteId: number, customerId: number | null): Promise<TRepriced> {
  const { version } = await calls.getQuote(quoteId, a.token[1]);
  return resultOf<TRepriced>(
    await t.call('quoteManagement/setQuoteCustomer', { quoteId, version, customerId }, a.token[1]),
  );
}

async function quoteOf(customerId: number | null): Promise<TQuote> {
  const quote = await calls.newQuote(a.token[1]);
  return customerId === null ? quote : setCustomer(quote.id, customerId);
}

const addLine = async (quoteId: number, productId: number, quantity = 1) =>
  resultOf<TQuoteLine>(await calls.addLine(quoteId, productId, a.token[1], { quantity }));

const setQuantity = async (line: TQuoteLine, quantity: number) =>
  resultOf<{ line: TQuoteLine; quote: { totalCost: string } }>(
    await t.call('quoteManagement/updateLine', { id: line.id, input: { quantity } }, a.token[1]),
  );

/** Widget: $90 from 1, 80% of list from 10, $70 from 100. */
const WIDGET_TIERS = () => [
  { productId: widgetId, fromQuantity: 1, kind: 'price', value: '90' },
  { productId: widgetId, fromQuantity: 10, kind: 'percent', value: '80' },
  { productId: widgetId, fromQuantity: 100, kind: 'price', value: '70' },
];

describe('a line is priced by the quote customer’s price list', () => {
  it('takes the highest tier at or below the line’s quantity, as the quantity changes', async () => {
    const list = await priceList({ entries: WIDGET_TIERS() });
    const quote = await quoteOf((await customerWith(list.id)).id);
    const line = await addLine(quote.id, widgetId);
    expect(line.price).toBe('90.0000');
    expect((await setQuantity(line, 9)).line.price).toBe('90.0000');
    const ten = await setQuantity(line, 10);
    expect(ten.line.price).toBe('80.0000');
    expect(ten.quote.totalCost).toBe('800.0000');
    expect((await setQuantity(line, 99)).line.price).toBe('80.0000');
    expect((await setQuantity(line, 100)).line.price).toBe('70.0000');
    expect((await setQuantity(line, 2)).line.price).toBe('90.0000');
    // A product the list does not name keeps its list price.
    expect((await addLine(quote.id, boltId, 50)).price).toBe('2.5000');
  });

  it('falls back to the product’s price below the first tier, and keeps exact cents on a percentage', async () => {
    const list = await priceList({
      entries: [{ productId: boltId, fromQuantity: 5, kind: 'percent', value: '33.33' }],
    });
    const quote = await quoteOf((await customerWith(list.id)).id);
    const line = await addLine(quote.id, boltId, 4);
    expect(line.price).toBe('2.5000');
    // 2.50 x 33.33% = 0.83325: held to cents half away from zero.
    const five = await setQuantity(line, 5);
    expect(five.line.price).toBe('0.8300');
    expect(five.quote.totalCost).toBe('4.1500');
    expect((await setQuantity(line, 1)).line.price).toBe('2.5000');
  });

  it('prices at list when the customer has no list, or its list is not valid today', async () => {
    const expired = await priceList({ entries: WIDGET_TIERS(), validTo: dayFrom(-1) });
    const future = await priceList({ entries: WIDGET_TIERS(), validFrom: dayFrom(1) });
    const current = await priceList({ entries: WIDGET_TIERS(), validFrom: dayFrom(0), validTo: dayFrom(0) });
    for (const [listId, price] of [
      [null, '100.0000'],
      [expired.id, '100.0000'],
      [future.id, '100.0000'],
      [current.id, '90.0000'],
    ] as const) {
      const quote = await quoteOf((await customerWith(listId)).id);
      expect((await addLine(quote.id, widgetId)).price, String(listId)).toBe(price);
    }
  });

  it('prices a configured line at its percentage of the configured list price, dealer pricing first', async () => {
    const list = await priceList({ entries: [{ productId: bicycleId, kind: 'percent', value: '85' }] });
    for (const [isDealer, price] of [
      // The road bike lists at 1309.00, 1129.20 for a dealer.
      [false, '1112.6500'],
      [true, '959.8200'],
    ] as const) {
      const quote = await quoteOf((await customerWith(list.id, isDealer)).id);
      const sessionId = randomUUID();
      resultOf<TStartResult>(
        await t.call(
          'configurator/start',
          { configurationId: sessionId, productId: bicycleId, quoteId: quote.id },
          a.token[1],
        ),
      );
      for (const [id, value] of ROAD_BIKE) {
        resultOf(await t.call('configurator/configure', { sessionId, id, value }, a.token[1]));
      }
      const done = resultOf<TFinishResult>(
        await t.call('configurator/finish', { sessionId, quoteId: quote.id }, a.token[1]),
      );
      expect(done.price).toBe(Number(price));
      const line = (await calls.getQuote(quote.id, a.token[1])).lines?.find((row) => row.id === done.lineId);
      expect(line?.price).toBe(price);
      // A quantity change prices it again under the list.
      expect((await setQuantity(line as TQuoteLine, 2)).line.price).toBe(price);
    }
  });
});

describe('changing the quote’s customer prices its lines again', () => {
  it('moves every line to the new customer’s list and back, saying what changed', async () => {
    const list = await priceList({ name: `Dealer ${randomUUID().slice(0, 4)}`, entries: WIDGET_TIERS() });
    const quote = await quoteOf(null);
    await addLine(quote.id, widgetId, 10);
    await addLine(quote.id, boltId, 2);
    expect((await calls.getQuote(quote.id, a.token[1])).totalCost).toBe('1005.0000');

    const dealer = await customerWith(list.id);
    const onList = await setCustomer(quote.id, dealer.id);
    expect(onList.lines?.map((line) => line.price)).toEqual(['80.0000', '2.5000']);
    expect(onList.totalCost).toBe('805.0000');
    expect(onList.pricingMessage).toBe(
      msgLinesRepriced(list.name, [{ name: 'Fixed', from: '$100.00', to: '$80.00' }], {
        from: '$1,005.00',
        to: '$805.00',
      }),
    );
    expect(onList.pricingMessage).toBe(
      `Prices now follow price list ${list.name}: Fixed $100.00 to $80.00. The total is now $805.00 (was $1,005.00).`,
    );

    // The same customer again changes no price.
    expect((await setCustomer(quote.id, dealer.id)).pricingMessage).toBeNull();

    const retail = await setCustomer(quote.id, (await customerWith(null)).id);
    expect(retail.totalCost).toBe('1005.0000');
    expect(retail.pricingMessage).toBe(
      'Prices now follow list prices: Fixed $80.00 to $100.00. The total is now $1,005.00 (was $805.00).',
    );
    await setCustomer(quote.id, dealer.id);
    const letGo = await setCustomer(quote.id, null);
    expect(letGo.lines?.map((line) => line.price)).toEqual(['100.0000', '2.5000']);
  });

  it('writes each changed line once, audited, its sales price following once set', async () => {
    const list = await priceList({ entries: WIDGET_TIERS() });
    const quote = await quoteOf(null);
    const priced = await addLine(quote.id, widgetId, 10);
    const plain = await addLine(quote.id, widgetId, 1);
    const untouched = await addLine(quote.id, boltId, 1);
    await t.database.db.update(quoteLines).set({ salesPrice: '100.00' }).where(eq(quoteLines.id, priced.id));
    const repriced = await setCustomer(quote.id, (await customerWith(list.id)).id);
    const byId = new Map(repriced.lines?.map((line) => [line.id, line]));
    expect(byId.get(priced.id)).toMatchObject({ price: '80.0000', version: priced.version + 1 });
    expect(byId.get(plain.id)).toMatchObject({ price: '90.0000', version: plain.version + 1 });
    expect(byId.get(untouched.id)).toMatchObject({ price: '2.5000', version: untouched.version });
    const [stored] = await t.database.db.select().from(quoteLines).where(eq(quoteLines.id, priced.id));
    expect(stored?.salesPrice).toBe('80.0000');
    const [, updated] = await changeEventsOf(t, 'quoteLine', priced.id);
    expect(updated).toMatchObject({
      action: 'quoteLine.updated',
      data: { fields: ['price', 'salesPrice', 'priceListPrice'], via: 'customer' },
    });
    expect(await changeEventsOf(t, 'quoteLine', untouched.id)).toHaveLength(1);
  });

  it('names at most three lines and counts the rest', () => {
    const lines = ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, from: '$2.00', to: '$1.00' }));
    expect(msgLinesRepriced('X', lines, { from: '$10.00', to: '$5.00' })).toBe(
      'Prices now follow price list X: A $2.00 to $1.00; B $2.00 to $1.00; C $2.00 to $1.00; 2 more lines. The total is now $5.00 (was $10.00).',
    );
  });

  it('changes nothing on a locked quote', async () => {
    const list = await priceList({ entries: WIDGET_TIERS() });
    const quote = await quoteOf(null);
    await addLine(quote.id, widgetId);
    const before = await calls.getQuote(quote.id, a.token[5]);
    resultOf(await t.call('quoteManagement/lockQuote', { id: quote.id, version: before.version }, a.token[5]));
    const locked = await calls.getQuote(quote.id, a.token[5]);
    const customerId = (await customerWith(list.id)).id;
    expectFailure(
      await t.call(
        'quoteManagement/setQuoteCustomer',
        { quoteId: quote.id, version: locked.version, customerId },
        a.token[5],
      ),
      'CONFLICT',
    );
    expect((await calls.getQuote(quote.id, a.token[5])).lines?.[0]?.price).toBe('100.0000');
  });
});
