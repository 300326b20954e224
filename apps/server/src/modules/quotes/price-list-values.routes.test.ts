import { randomUUID } from 'node:crypto';
import {
  MSG,
  msgQuoteCurrencyChanged,
  PRICE_LIST_MSG,
  type TConfigureResult,
  type TCustomer,
  type TFinishResult,
  type TPricedValue,
  type TPriceList,
  type TQuote,
  type TQuoteListRow,
  type TStartResult,
} from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { createConfigurableProduct, demoModel, ROAD_BIKE } from '../configurator/configurator.test-support';
import { quoteCalls } from './quotes.test-support';

let t: TTestApp;
let a: TPlatformActors;
let calls: ReturnType<typeof quoteCalls>;
let widgetId: number;
let bicycleId: number;
let theirBicycleId: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  calls = quoteCalls(t);
  widgetId = (await calls.fixedProduct('100.00', a.token[5])).ID;
  bicycleId = (await createConfigurableProduct(t, a.token[5], demoModel('bicycle'))).ID;
  theirBicycleId = (await createConfigurableProduct(t, a.otherAdmin, demoModel('bicycle'))).ID;
});
afterAll(() => t.close());

const createList = (input: Record<string, unknown>) =>
  t.call(
    'priceListManagement/createPriceList',
    { input: { name: `List ${randomUUID().slice(0, 6)}`, ...input } },
    a.token[5],
  );
const priceList = async (input: Record<string, unknown>) => resultOf<TPriceList>(await createList(input));

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

const CARBON = { productId: 0, optionId: 'frame', valueId: 'carbon' };
const carbonAt = (value: string, kind = 'percent', fromQuantity = 1) => ({
  ...CARBON,
  productId: bicycleId,
  kind,
  value,
  fromQuantity,
});
const CARBON_ROAD_BIKE = ROAD_BIKE.map(([id, value]): [string, string | number] => [
  id,
  id === 'frame' ? 'carbon' : value,
]);

/** Configures a carbon road bike for the quote, answering the price each step showed and the finished line's. */
async function configureCarbonBike(quoteId: number) {
  const sessionId = randomUUID();
  const started = resultOf<TStartResult>(
    await t.call('configurator/start', { configurationId: sessionId, productId: bicycleId, quoteId }, a.token[1]),
  );
  let shown = started.ui.ConfiguredPrice;
  for (const [id, value] of CARBON_ROAD_BIKE) {
    const step = resultOf<TConfigureResult>(
      await t.call('configurator/configure', { sessionId, id, value }, a.token[1]),
    );
    const price = 'ui' in step ? step.ui.ConfiguredPrice : step.changes.ConfiguredPrice;
    if (price !== undefined) shown = price;
  }
  const done = resultOf<TFinishResult>(await t.call('configurator/finish', { sessionId, quoteId }, a.token[1]));
  return { started, shown, done };
}

describe('a price list entry for a configurable product’s priced value', () => {
  it('prices a dealer customer’s carbon frame at 80% on the configured line, the rest as before', async () => {
    const list = await priceList({ entries: [carbonAt('80')] });
    const quote = (await setCustomer((await calls.newQuote(a.token[1])).id, (await customerWith(list.id, true)).id)).id;
    const { done, shown } = await configureCarbonBike(quote);
    // Road 899 + carbon 900 + mid groupset 320 + mechanical discs 90 = 2209.00, dealer -179.80: 2029.20; the frame
    // at 80% takes 180.00 off.
    expect(done.price).toBe(1849.2);
    expect(shown).toBe(1849.2);
    const line = (await calls.getQuote(quote, a.token[1])).lines?.find((row) => row.id === done.lineId);
    expect(line?.price).toBe('1849.2000');
  });

  it('prices the value by its own tiers (a price from a quantity on) and leaves an aluminium frame alone', async () => {
    const list = await priceList({ entries: [carbonAt('80'), carbonAt('500', 'price', 5)] });
    const quote = (await setCustomer((await calls.newQuote(a.token[1])).id, (await customerWith(list.id)).id)).id;
    const { done } = await configureCarbonBike(quote);
    expect(done.price).toBe(2029);
    const updated = resultOf<{ line: { price: string } }>(
      await t.call('quoteManagement/updateLine', { id: done.lineId, input: { quantity: 5 } }, a.token[1]),
    );
    // 2209.00 with the frame at 500.00 instead of 900.00.
    expect(updated.line.price).toBe('1809.0000');
  });

  it('is stored only for a priced value of the product’s current model, naming the field', async () => {
    expectFieldError(
      await createList({ entries: [{ ...carbonAt('80'), valueId: 'bamboo' }] }),
      'input.entries.0.valueId',
      PRICE_LIST_MSG.valueNotPriced,
    );
    // Aluminium has no price of its own: nothing to price.
    expectFieldError(
      await createList({ entries: [{ ...carbonAt('80'), valueId: 'alu' }] }),
      'input.entries.0.valueId',
      PRICE_LIST_MSG.valueNotPriced,
    );
    expectFieldError(
      await createList({ entries: [{ ...carbonAt('80'), valueId: null }] }),
      'input.entries.0.valueId',
      PRICE_LIST_MSG.valueNotPriced,
    );
    expectFieldError(
      await createList({ entries: [{ ...carbonAt('80'), productId: widgetId }] }),
      'input.entries.0.optionId',
      PRICE_LIST_MSG.valueNeedsConfigurable,
    );
    expectFieldError(
      await createList({ entries: [carbonAt('80'), carbonAt('70')] }),
      'input.entries.1.fromQuantity',
      PRICE_LIST_MSG.duplicateTier,
    );
    // The product's own tier and the value's tier from the same quantity are different tiers.
    const both = await priceList({
      entries: [carbonAt('800', 'price'), { productId: bicycleId, kind: 'percent', value: '90' }],
    });
    expect(both.entries.map((entry) => [entry.optionId, entry.valueId, entry.kind, entry.value])).toEqual([
      [null, null, 'percent', '90.0000'],
      ['frame', 'carbon', 'price', '800.0000'],
    ]);
  });
});

describe('priceListManagement/getPricedValues', () => {
  it('answers the priced values of the product’s current model, captioned as its pricing document is', async () => {
    const { rows } = resultOf<{ rows: TPricedValue[] }>(
      await t.call('priceListManagement/getPricedValues', { productId: bicycleId }, a.token[5]),
    );
    expect(rows).toContainEqual({
      optionId: 'frame',
      valueId: 'carbon',
      caption: 'Frame material: Carbon fibre',
      price: '900.00',
    });
    expect(rows).toContainEqual(expect.objectContaining({ optionId: 'lights', valueId: 'True', price: '120.00' }));
    expect(rows.some((row) => row.valueId === 'alu')).toBe(false);
    const fixed = resultOf<{ rows: TPricedValue[] }>(
      await t.call('priceListManagement/getPricedValues', { productId: widgetId }, a.token[5]),
    );
    expect(fixed.rows).toEqual([]);
  });

  it('answers NOT_FOUND for another platform’s product, which level 9 may read', async () => {
    expectFailure(
      await t.call('priceListManagement/getPricedValues', { productId: theirBicycleId }, a.token[5]),
      'NOT_FOUND',
      MSG.notFound,
    );
    const theirs = resultOf<{ rows: TPricedValue[] }>(
      await t.call('priceListManagement/getPricedValues', { productId: theirBicycleId }, a.token[9]),
    );
    expect(theirs.rows.length).toBeGreaterThan(0);
  });

  it('is for administrators', async () => {
    await expectAccess(t, a, 'priceListManagement/getPricedValues', { productId: bicycleId }, 5);
  });
});

describe('the quote’s currency is its customer’s price list’s', () => {
  it('moves to the list’s currency with the customer, says so, and back to US dollars without a list', async () => {
    const list = await priceList({ currency: 'EUR', entries: [{ productId: widgetId, kind: 'price', value: '90' }] });
    const quote = await calls.newQuote(a.token[1]);
    expect(quote.currency).toBe('USD');
    resultOf(await calls.addLine(quote.id, widgetId, a.token[1]));
    const inEuros = await setCustomer(quote.id, (await customerWith(list.id)).id);
    expect(inEuros.currency).toBe('EUR');
    expect(inEuros.totalCost).toBe('90.0000');
    expect(inEuros.pricingMessage).toBe(
      `Prices now follow price list ${list.name}: Fixed $100.00 to €90.00. The total is now €90.00 (was $100.00). ` +
        msgQuoteCurrencyChanged('USD', 'EUR', list.name),
    );
    expect(msgQuoteCurrencyChanged('USD', 'EUR', 'Dealer')).toBe(
      'The quote is now in EUR (was USD), the currency of price list Dealer.',
    );
    const listed = resultOf<{ rows: TQuoteListRow[] }>(
      await t.call('quoteManagement/getQuotes', { search: `#${quote.id}`, attributes: ['currency'] }, a.token[1]),
    );
    expect(listed.rows).toEqual([{ id: quote.id, currency: 'EUR' }]);
    // A copy keeps its prices and so its currency.
    const copy = resultOf<TQuote>(
      await t.call('quoteManagement/copyQuote', { id: quote.id, _id: randomUUID() }, a.token[1]),
    );
    expect(copy.currency).toBe('EUR');

    const noList = await setCustomer(quote.id, (await customerWith(null)).id);
    expect(noList.currency).toBe('USD');
    expect(noList.pricingMessage).toContain(msgQuoteCurrencyChanged('EUR', 'USD', null));
  });

  it('says the currency changed even when no price did', async () => {
    const list = await priceList({ currency: 'GBP' });
    const quote = await calls.newQuote(a.token[1]);
    const moved = await setCustomer(quote.id, (await customerWith(list.id)).id);
    expect(moved.currency).toBe('GBP');
    expect(moved.pricingMessage).toBe(msgQuoteCurrencyChanged('USD', 'GBP', list.name));
  });

  it('shows in the configurator, whose price is the list’s from the start', async () => {
    const list = await priceList({
      currency: 'EUR',
      entries: [{ productId: bicycleId, kind: 'percent', value: '50' }],
    });
    const quote = await setCustomer((await calls.newQuote(a.token[1])).id, (await customerWith(list.id)).id);
    const { started, shown, done } = await configureCarbonBike(quote.id);
    expect(started.prepare.currency).toBe('EUR');
    // Half of the engine's price at every step, and on the line.
    expect(started.ui.ConfiguredPrice).toBe(started.ui.ConfiguredPriceCents / 100);
    expect(shown).toBe(1104.5);
    expect(done.price).toBe(1104.5);
    // Without a quote, the engine's price in US dollars.
    const alone = resultOf<TStartResult>(
      await t.call('configurator/start', { configurationId: randomUUID(), productId: bicycleId }, a.token[1]),
    );
    expect(alone.prepare.currency).toBe('USD');
  });
});
