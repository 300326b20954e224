import { randomUUID } from 'node:crypto';
import { CONFIGURATOR_ID, MSG, type TQuote, type TQuoteLine } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../db/schema';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { callAudited, changeEventsOf, trailRow } from '../audit/audit.test-support';
import { createConfigurableProduct, demoModel } from '../configurator/configurator.test-support';
import { quoteTestBed, type TQuoteTestBed } from './quotes.test-support';

let t: TQuoteTestBed['t'];
let a: TQuoteTestBed['a'];
let calls: TQuoteTestBed['calls'];
let productId: number;
let doorId: number;
/** A card-checkout buyer of platform a. */
let buyer: string;

beforeAll(async () => {
  ({ t, a, calls, productId } = await quoteTestBed('38.50'));
  doorId = (await createConfigurableProduct(t, a.token[5], demoModel('industrial-door'))).ID;
  const { db, config } = t.deps;
  buyer = (await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid, checkoutType: 'stripe' })).token;
});
afterAll(() => t.close());

const lock = (quote: Pick<TQuote, 'id' | 'version'>, token = a.token[5]) =>
  t.call('quoteManagement/lockQuote', { id: quote.id, version: quote.version }, token);
const unlock = (quote: Pick<TQuote, 'id' | 'version'>, token = a.token[5]) =>
  t.call('quoteManagement/unlockQuote', { id: quote.id, version: quote.version }, token);
const row = async (id: number) => (await t.deps.db.select().from(quotes).where(eq(quotes.id, id)))[0];

describe('quoteManagement/lockQuote and unlockQuote', () => {
  it('administrators of the quote’s platform and level 9 lock and unlock it, audited; others may not', async () => {
    const quote = await calls.orderableQuote(productId, a.token[1]);
    for (const token of [a.token[0], a.token[1]]) expectFailure(await lock(quote, token), 'FORBIDDEN', undefined, 403);
    expectFailure(await lock(quote, a.otherAdmin), 'NOT_FOUND', MSG.notFound, 404);
    expect(await row(quote.id)).toMatchObject({ isLocked: false, version: quote.version });

    const locked = resultOf<TQuote>(
      await callAudited(t, 'quoteManagement/lockQuote', { id: quote.id, version: quote.version }, a.token[5]),
    );
    expect(locked).toMatchObject({ isLocked: true, version: quote.version + 1 });
    // The same request again: the quote as it is, no new version or event.
    expectFailure(await lock(quote), 'CONFLICT', MSG.conflict, 409);
    expect(resultOf<TQuote>(await lock(locked))).toMatchObject({ isLocked: true, version: locked.version });

    const unlocked = resultOf<TQuote>(
      await callAudited(t, 'quoteManagement/unlockQuote', { id: quote.id, version: locked.version }, a.token[9]),
    );
    expect(unlocked).toMatchObject({ isLocked: false, version: locked.version + 1 });
    const events = await changeEventsOf(t, 'quote', quote.id);
    expect(events.slice(-2)).toEqual([
      trailRow('quote.updated', a.pid, a.username[5], { fields: ['isLocked'], via: 'lock' }),
      trailRow('quote.updated', a.pid, a.username[9], { fields: ['isLocked'], via: 'unlock' }),
    ]);
  });

  it('an order cannot be locked', async () => {
    const order = await calls.placedOrder(productId, a.token[1]);
    expectFailure(await lock(order), 'CONFLICT', MSG.orderNotLockable, 409);
  });
});

describe('a locked quote', () => {
  it('refuses every change with the spec’s message and changes nothing; reads and copies still work', async () => {
    const owner = buyer;
    const quote = await calls.orderableQuote(productId, owner);
    const [line] = (quote.lines ?? []) as TQuoteLine[];
    const review = randomUUID();
    resultOf(
      await t.call(
        'configurator/start',
        { configurationId: review, productId: CONFIGURATOR_ID.quote, quoteId: quote.id },
        owner,
      ),
    );
    const door = randomUUID();
    resultOf(await t.call('configurator/start', { configurationId: door, productId: doorId }, owner));
    const answers: [string, string, string | number][] = [
      [review, 'leadTime', '2-4 weeks'],
      [door, 'opener', 'standard'],
      [door, 'width', 4000],
      [door, 'height', 3000],
      [door, 'insulation', 'i80'],
      [door, 'windLoad', 'class2'],
    ];
    for (const [sessionId, id, value] of answers) {
      resultOf(await t.call('configurator/configure', { sessionId, id, value }, owner));
    }
    const locked = resultOf<TQuote>(await lock(await calls.getQuote(quote.id, owner)));
    const { id, version } = locked;
    const refused: [string, unknown][] = [
      ['quoteManagement/updateQuote', { id, version, input: { name: 'Changed' } }],
      ['quoteManagement/setQuoteCustomer', { quoteId: id, version, customerId: null }],
      ['quoteManagement/createLine', { input: { _id: randomUUID(), quoteId: id, productId } }],
      ['quoteManagement/updateLine', { id: line?.id, input: { quantity: 5 } }],
      ['quoteManagement/deleteLine', { id: line?.id, quoteId: id }],
      ['quoteManagement/createCommunication', { input: { comment: 'Anyone there?', quoteId: id } }],
      ['quoteManagement/deleteQuote', { id }],
      ['paymentManagement/payment', { amount: 7700, id: 'pm_card_visa', quoteId: id, version }],
      ['configurator/finish', { sessionId: door, quoteId: id }],
      ['configurator/finish', { sessionId: review, quoteId: id }],
      [
        'quoteManagement/updateSolidfitLinePricing',
        { quoteId: id, quoteGenConfigId: review, lines: [{ id: line?.id }] },
      ],
      ['quoteManagement/salesforceUpdateQuote', { salesforceQuoteId: 'Q-1', swiftSellQuoteId: id }],
      ['quoteManagement/updateSalesforceQuoteNumber', { sfQuoteNumber: 'Q-1', quoteId: id }],
    ];
    for (const [path, body] of refused) {
      const response = await t.call(path as 'quoteManagement/updateQuote', body as never, owner);
      expect([response.statusCode, response.json().error], `${path}: ${response.body}`).toEqual([409, MSG.quoteLocked]);
    }
    const po = await t.call('quoteManagement/placeOrder', { id, version, poNumber: 'PO-1' }, a.token[5]);
    expect([po.statusCode, po.json().error]).toEqual([409, MSG.quoteLocked]);
    const after = await calls.getQuote(id, owner);
    expect(after).toMatchObject({ version, isLocked: true, type: 1, name: quote.name, totalCost: quote.totalCost });
    // The administrator who locked it sees costs; the owner, a sales user, does not.
    expect(after.lines).toEqual(locked.lines?.map(({ cost: _cost, ...line }) => line));
    expect(resultOf(await t.call('quoteManagement/getCommunications', { quoteId: id }, owner))).toMatchObject({
      count: 0,
    });

    const copy = resultOf<TQuote>(await t.call('quoteManagement/copyQuote', { id, _id: randomUUID() }, owner));
    expect(copy).toMatchObject({ isLocked: false, totalCost: quote.totalCost });

    const open = resultOf<TQuote>(await unlock(locked));
    const renamed = resultOf<TQuote>(
      await t.call('quoteManagement/updateQuote', { id, version: open.version, input: { name: 'Changed' } }, owner),
    );
    expect(renamed).toMatchObject({ name: 'Changed', isLocked: false });
  });
});
