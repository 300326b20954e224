import { randomUUID } from 'node:crypto';
import {
  CONFIGURATOR_ID,
  type TCustomer,
  type TFinishResult,
  type TQuote,
  type TQuoteLine,
  type TStartResult,
} from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations } from '../../db/schema';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { quoteCalls } from '../quotes/quotes.test-support';
import { createConfigurableProduct, demoModel, ROAD_BIKE } from './configurator.test-support';

let t: TTestApp;
let a: TPlatformActors;
let calls: ReturnType<typeof quoteCalls>;
let bicycleId: number;
let doorId: number;
let chairId: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  calls = quoteCalls(t);
  bicycleId = (await createConfigurableProduct(t, a.token[5], demoModel('bicycle'))).ID;
  doorId = (await createConfigurableProduct(t, a.token[5], demoModel('industrial-door'))).ID;
  chairId = (await createConfigurableProduct(t, a.token[5], demoModel('office-chair'))).ID;
});
afterAll(() => t.close());

type TParam = { Name: string; SimpleValue: string; IsNull: boolean; Type: number };
const param = (Name: string, SimpleValue: string, Type = 0): TParam => ({ Name, SimpleValue, IsNull: false, Type });

/** The road bike's list price, and less the dealer line (20% of the road frame's 899.00). */
const LIST = 1309;
const DEALER = 1129.2;
const STANDARD_DOOR: [string, string | number][] = [
  ['opener', 'standard'],
  ['width', 4000],
  ['height', 3000],
  ['insulation', 'i80'],
  ['windLoad', 'class2'],
];
const TASK_CHAIR: [string, string | number][] = [
  ['series', 'task'],
  ['upholstery', 'mesh'],
  ['color', 'black'],
  ['casters', 'carpet'],
];

/** A configuration started with `params` (optionally on a quote), answered with `choices`; answers its id. */
async function configured(
  productId: number,
  choices: [string, string | number][],
  token: string,
  extra: { integrationParams?: TParam[]; quoteId?: number } = {},
): Promise<{ sessionId: string; price: number }> {
  const sessionId = randomUUID();
  let { ui } = resultOf<TStartResult>(
    await t.call('configurator/start', { configurationId: sessionId, productId, ...extra }, token),
  );
  for (const [id, value] of choices) {
    const answer = resultOf<{ ui?: TStartResult['ui'] }>(
      await t.call('configurator/configure', { sessionId, id, value }, token),
    );
    if (answer.ui) ui = answer.ui;
  }
  const [row] = await t.deps.db.select().from(configurations).where(eq(configurations.id, sessionId));
  return { sessionId, price: (row?.priceCents ?? ui.ConfiguredPriceCents) / 100 };
}

async function finished(sessionId: string, token: string, extra: Record<string, unknown> = {}): Promise<TQuoteLine> {
  const done = resultOf<TFinishResult>(await t.call('configurator/finish', { sessionId, ...extra }, token));
  const quote = await calls.getQuote(done.quoteId, token);
  const line = quote.lines?.find((entry) => entry.id === done.lineId);
  if (!line) throw new Error('Finish added no line');
  return line;
}

/** A quote of `token`'s user whose customer is a dealer (or not). */
async function quoteForCustomer(isDealer: boolean, token = a.token[1]): Promise<TQuote> {
  const customer = resultOf<TCustomer>(
    await t.call(
      'customerManagement/createCustomer',
      { input: { erpId: `C-${randomUUID().slice(0, 6)}`, companyName: 'Spokes Ltd', isDealer } },
      a.token[5],
    ),
  );
  expect(customer.isDealer).toBe(isDealer);
  const quote = await calls.newQuote(token);
  return resultOf<TQuote>(
    await t.call(
      'quoteManagement/setQuoteCustomer',
      { quoteId: quote.id, version: quote.version, customerId: customer.id },
      token,
    ),
  );
}

describe('dealer pricing comes from the quote’s customer, never from the request', () => {
  it('a client’s co_type = dealer prices the bicycle at list, at level 0 and 1 alike', async () => {
    const visitor = (await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 0, pid: a.pid })).token;
    for (const token of [visitor, a.token[1]]) {
      const list = await configured(bicycleId, ROAD_BIKE, token);
      const claimed = await configured(bicycleId, ROAD_BIKE, token, {
        integrationParams: [param('co_type', 'dealer')],
      });
      expect(list.price).toBe(LIST);
      expect(claimed.price).toBe(LIST);
      expect((await finished(claimed.sessionId, token)).price).toBe('1309.0000');
    }
  });

  it('a dealer customer’s quote gets the dealer price; another customer’s the list price', async () => {
    const dealerQuote = await quoteForCustomer(true);
    const dealer = await configured(bicycleId, ROAD_BIKE, a.token[1], { quoteId: dealerQuote.id });
    expect(dealer.price).toBe(DEALER);
    expect((await finished(dealer.sessionId, a.token[1], { quoteId: dealerQuote.id })).price).toBe('1129.2000');

    const retailQuote = await quoteForCustomer(false);
    const retail = await configured(bicycleId, ROAD_BIKE, a.token[1], {
      quoteId: retailQuote.id,
      integrationParams: [param('co_type', 'dealer')],
    });
    expect((await finished(retail.sessionId, a.token[1], { quoteId: retailQuote.id })).price).toBe('1309.0000');
  });
});

describe('quantity breaks follow the line’s quantity, never a parameter', () => {
  it('a Quantity parameter of 10 does not give one door the 10-unit price', async () => {
    const claimed = await configured(doorId, STANDARD_DOOR, a.token[1], {
      integrationParams: [param('Quantity', '10', 1), param('Line_Qty', '10')],
    });
    expect(claimed.price).toBe(3569);
    const one = await finished(claimed.sessionId, a.token[1], { quantity: 1 });
    expect([one.price, one.quantity]).toEqual(['3569.0000', 1]);
  });

  it('ten doors get the 10-unit price, and a quantity change prices the line again', async () => {
    const ten = await finished((await configured(doorId, STANDARD_DOOR, a.token[1])).sessionId, a.token[1], {
      quantity: 10,
    });
    expect([ten.price, ten.quantity]).toEqual(['3416.6000', 10]);
    const toOne = resultOf<{ line: TQuoteLine; quote: { totalCost: string } }>(
      await t.call('quoteManagement/updateLine', { id: ten.id, input: { quantity: 1 } }, a.token[1]),
    );
    expect(toOne.line).toMatchObject({ price: '3569.0000', salesPrice: null, quantity: 1 });
    expect(toOne.quote.totalCost).toBe('3569.0000');
    const toFive = resultOf<{ line: TQuoteLine; quote: { totalCost: string } }>(
      await t.call('quoteManagement/updateLine', { id: ten.id, input: { quantity: 5 } }, a.token[1]),
    );
    // At 5 the door leaf takes the 5% break: 2,045.00 + 1,083.00 + 384.00.
    expect(toFive.line).toMatchObject({ price: '3512.0000', quantity: 5 });
    expect(toFive.quote.totalCost).toBe('17560.0000');

    // Once the pricing step has set the sales price (what the ERP and the CRM are sent), it follows the price.
    const review = randomUUID();
    const step = { configurationId: review, productId: CONFIGURATOR_ID.quote, quoteId: ten.quoteId };
    resultOf(await t.call('configurator/start', step, a.token[1]));
    const pricing = { quoteId: ten.quoteId, quoteGenConfigId: review, lines: [{ id: ten.id }] };
    const priced = resultOf<TQuote>(await t.call('quoteManagement/updateSolidfitLinePricing', pricing, a.token[1]));
    expect(priced.lines?.[0]).toMatchObject({ price: '3512.0000', salesPrice: '3512.0000' });
    const backToTen = resultOf<{ line: TQuoteLine }>(
      await t.call('quoteManagement/updateLine', { id: ten.id, input: { quantity: 10 } }, a.token[1]),
    );
    expect(backToTen.line).toMatchObject({ price: '3416.6000', salesPrice: '3416.6000', quantity: 10 });
  });

  it('a model that asks for the quantity as an option prices the line for the line’s quantity', async () => {
    const chairs = await configured(chairId, [...TASK_CHAIR, ['Quantity', 250]], a.token[1]);
    expect(chairs.price).toBe(299 - 59.8);
    // Asked for one chair at Finish: the option follows, and so does the price.
    const one = await finished(chairs.sessionId, a.token[1], { quantity: 1 });
    expect([one.price, one.quantity]).toEqual(['299.0000', 1]);
    const back = resultOf<{ line: TQuoteLine }>(
      await t.call('quoteManagement/updateLine', { id: one.id, input: { quantity: 60 } }, a.token[1]),
    );
    expect(back.line).toMatchObject({ price: '254.1500', quantity: 60 });
    // The option's range is the product's: 501 chairs are not offered, and nothing changes.
    const refused = expectFailure(
      await t.call('quoteManagement/updateLine', { id: one.id, input: { quantity: 501 } }, a.token[1]),
      'VALIDATION_FAILED',
    );
    expect(refused.details?.map((detail) => detail.path)).toEqual(['input.quantity']);
    const quote = await calls.getQuote(one.quoteId, a.token[1]);
    expect(quote.lines?.[0]).toMatchObject({ price: '254.1500', quantity: 60 });
  });
});

describe('a model whose Quantity option allows more than a line holds', () => {
  it('answers 400 naming the option at Finish, for a quantity past the range or not whole, and adds no line', async () => {
    const model = demoModel('office-chair') as { options: { id: string; range?: unknown }[] };
    const quantity = model.options.find((option) => option.id === 'Quantity');
    if (!quantity) throw new Error('The office chair model has no Quantity option');
    quantity.range = { min: 1, max: 1e12 };
    const wideId = (await createConfigurableProduct(t, a.token[5], model)).ID;
    for (const value of [2 ** 31, 2.5]) {
      const { sessionId } = await configured(wideId, [...TASK_CHAIR, ['Quantity', value]], a.token[1]);
      const response = await t.call('configurator/finish', { sessionId }, a.token[1]);
      const failure = expectFailure(response, 'VALIDATION_FAILED', undefined, 400);
      expect(failure.details?.map((detail) => detail.path)).toEqual(['Quantity']);
      const [row] = await t.deps.db.select().from(configurations).where(eq(configurations.id, sessionId));
      expect(row?.lineId ?? null).toBeNull();
    }
  });
});
