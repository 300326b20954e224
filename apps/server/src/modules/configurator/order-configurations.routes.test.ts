import { randomUUID } from 'node:crypto';
import { CONFIGURATOR_ID, MSG, type TConfiguration, type TFinishResult, type TQuote } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations, quoteLines, quotes } from '../../db/schema';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { createConfigurableProduct, demoModel, EXECUTIVE_CHAIR } from './configurator.test-support';

let t: TTestApp;
let a: TPlatformActors;
let chairId: number;

const configure = (sessionId: string, id: string, value: string, token: string) =>
  t.call('configurator/configure', { sessionId, id, value }, token);

/** A chair configured and finished on a new quote of `token`'s user; answers the configuration id and the finish. */
async function finishedChair(token: string) {
  const id = randomUUID();
  resultOf(await t.call('configurator/start', { configurationId: id, productId: chairId }, token));
  for (const [option, value] of EXECUTIVE_CHAIR) resultOf(await configure(id, option, value, token));
  return { id, finished: resultOf<TFinishResult>(await t.call('configurator/finish', { sessionId: id }, token)) };
}

/** A chair ordered by purchase order: its configuration id and the order. */
async function orderedChair(token: string) {
  const { id, finished } = await finishedChair(token);
  await t.database.db
    .update(quotes)
    .set({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@buyer.example' })
    .where(eq(quotes.id, finished.quoteId));
  const quote = resultOf<TQuote>(await t.call('quoteManagement/getQuote', { id: finished.quoteId }, token));
  const order = resultOf<TQuote>(
    await t.call('quoteManagement/placeOrder', { id: quote.id, version: quote.version, poNumber: 'PO-9' }, token),
  );
  return { id, order, lineId: finished.lineId };
}

const rowOf = async (id: string) =>
  (await t.database.db.select().from(configurations).where(eq(configurations.id, id)))[0];

const listOf = async (token: string, extra: Record<string, unknown> = {}) =>
  resultOf<{ rows: TConfiguration[]; count: number }>(
    await t.call('configurator/getConfigurations', { limit: 96, ...extra }, token),
  );

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  chairId = (await createConfigurableProduct(t, a.token[5], demoModel('office-chair'))).ID;
});
afterAll(() => t.close());

describe("an order's configurations", () => {
  it('refuse reopening, configure and finish, and stay as ordered', async () => {
    const { id, order, lineId } = await orderedChair(a.token[1]);
    const before = await rowOf(id);
    const reopen = { configurationId: id, productId: chairId, quoteId: order.id, lineId };
    expectFailure(
      await t.call('configurator/start', reopen, a.token[1]),
      'CONFLICT',
      MSG.orderConfigurationReadOnly,
      409,
    );
    expectFailure(await configure(id, 'color', 'black', a.token[1]), 'CONFLICT', MSG.orderConfigurationReadOnly, 409);
    expectFailure(
      await t.call('configurator/finish', { sessionId: id, quoteId: order.id }, a.token[1]),
      'CONFLICT',
      MSG.orderConfigurationReadOnly,
      409,
    );
    // Not even its platform's administrator changes them.
    expectFailure(await configure(id, 'color', 'black', a.token[5]), 'CONFLICT', MSG.orderConfigurationReadOnly, 409);
    expect(await rowOf(id)).toEqual(before);
  });

  it('copy to a new configuration, off any quote, that finishes on a new quote', async () => {
    const { id, order } = await orderedChair(a.token[1]);
    const copyId = randomUUID();
    const started = await t.call(
      'configurator/start',
      { configurationId: copyId, productId: chairId, copyOf: id },
      a.token[1],
    );
    expect(started.statusCode, started.body).toBe(200);
    const copy = await rowOf(copyId);
    expect(copy).toMatchObject({ quoteId: null, lineId: null, choices: (await rowOf(id))?.choices });
    resultOf(await configure(copyId, 'color', 'black', a.token[1]));
    const finished = resultOf<TFinishResult>(await t.call('configurator/finish', { sessionId: copyId }, a.token[1]));
    expect(finished).toMatchObject({ isNewQuote: true, quoteType: 1 });
    expect(finished.quoteId).not.toBe(order.id);
    expect((await rowOf(id))?.choices).toEqual((await rowOf(id))?.choices);
    expect(JSON.stringify((await rowOf(id))?.choices)).toContain('tan');

    // Only a configuration the caller may use, of the product named.
    const stranger = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.pid });
    const stolen = { configurationId: randomUUID(), productId: chairId, copyOf: id };
    expectFailure(await t.call('configurator/start', stolen, stranger.token), 'NOT_FOUND', undefined, 404);
  });

  it("fork when a copied quote's line is edited, so the order's configuration never changes", async () => {
    const { id, order } = await orderedChair(a.token[1]);
    const copy = resultOf<TQuote>(
      await t.call('quoteManagement/copyQuote', { id: order.id, _id: randomUUID() }, a.token[1]),
    );
    const line = copy.lines?.[0];
    expect(line?.configurationId).toBe(id);
    // As the copy's Lines tab opens it: the quote named, not the line.
    const reopen = { configurationId: id, productId: chairId, quoteId: copy.id };
    const started = resultOf<{ prepare: { sessionId: string; quoteId: number; lineId: number } }>(
      await t.call('configurator/start', reopen, a.token[1]),
    );
    const forkId = started.prepare.sessionId;
    expect(forkId).not.toBe(id);
    expect(started.prepare).toMatchObject({ quoteId: copy.id, lineId: line?.id });
    resultOf(await configure(forkId, 'color', 'black', a.token[1]));
    resultOf(await t.call('configurator/finish', { sessionId: forkId, quoteId: copy.id }, a.token[1]));
    const [copiedLine] = await t.database.db.select().from(quoteLines).where(eq(quoteLines.quoteId, copy.id));
    expect(copiedLine?.configurationId).toBe(forkId);
    expect(await rowOf(id)).toMatchObject({ quoteId: order.id });
    expect(JSON.stringify((await rowOf(id))?.choices)).not.toContain('black');
  });
});

describe('configurator/getConfigurations (My Configurations)', () => {
  it('lists product configurations only, newest first, complete ones unless incomplete ones are asked for', async () => {
    const user = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.pid });
    const draftId = randomUUID();
    resultOf(await t.call('configurator/start', { configurationId: draftId, productId: chairId }, user.token));
    const { id: orderedId, order } = await orderedChair(user.token);
    const { id: quotedId, finished } = await finishedChair(user.token);
    await t.database.db
      .update(quotes)
      .set({ firstName: 'Ada', lastName: 'Lovelace' })
      .where(eq(quotes.id, finished.quoteId));
    // The quote's review step: a configuration of the built-in Quote_Gen product, which is not the user's product.
    const reviewId = randomUUID();
    resultOf(
      await t.call(
        'configurator/start',
        { configurationId: reviewId, productId: CONFIGURATOR_ID.quote, quoteId: finished.quoteId },
        user.token,
      ),
    );
    resultOf(await configure(reviewId, 'leadTime', '2-4 weeks', user.token));
    resultOf(await t.call('configurator/finish', { sessionId: reviewId, quoteId: finished.quoteId }, user.token));

    const complete = await listOf(user.token);
    expect(complete.rows.map((row) => row.id)).toEqual([quotedId, orderedId]);
    expect(complete.count).toBe(2);
    expect(complete.rows.map((row) => row.quoteType)).toEqual([1, 2]);
    expect(complete.rows[1]).toMatchObject({ quoteId: order.id, isComplete: true });
    expect(complete.rows[1]?.details?.length).toBeGreaterThan(0);

    const all = await listOf(user.token, { includeIncomplete: true });
    expect(all.rows.map((row) => row.id)).toEqual([quotedId, orderedId, draftId]);
    expect(all.rows[2]).toMatchObject({ isComplete: false, quoteId: null, quoteType: null });
  });
});
