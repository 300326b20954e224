import { randomUUID } from 'node:crypto';
import {
  CONFIGURATOR_ID,
  MSG,
  type TFinishResult,
  type TQuote,
  type TQuoteDocument,
  type TStartResult,
} from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, configurations, mailOutbox, productModels, products, quotes, statusTypes } from '../../db/schema';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { createConfigurableProduct, demoModel, EXECUTIVE_CHAIR } from '../configurator/configurator.test-support';

let t: TTestApp;
let a: TPlatformActors;
let chairId: number;

const configure = (sessionId: string, id: string, value: string, token = a.token[1]) =>
  t.call('configurator/configure', { sessionId, id, value }, token);

/** A quote of `token`'s user with one configured chair line and a contact with an e-mail. */
async function quoteWithChair(token = a.token[1]): Promise<number> {
  const sessionId = randomUUID();
  resultOf(await t.call('configurator/start', { configurationId: sessionId, productId: chairId }, token));
  for (const [id, value] of EXECUTIVE_CHAIR) resultOf(await configure(sessionId, id, value, token));
  const finished = resultOf<TFinishResult>(await t.call('configurator/finish', { sessionId }, token));
  await t.database.db
    .update(quotes)
    .set({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@buyer.example' })
    .where(eq(quotes.id, finished.quoteId));
  return finished.quoteId;
}

const startWriteUp = (quoteId: number, token = a.token[1], configurationId = randomUUID()) =>
  t.call('configurator/start', { configurationId, productId: CONFIGURATOR_ID.order, quoteId }, token);

/** Starts the write-up on a quote, types the PO number and ship date, and finishes it. */
async function writeUp(quoteId: number, answers: { po?: string; ship?: string } = {}, token = a.token[1]) {
  const configurationId = randomUUID();
  const started = resultOf<TStartResult>(await startWriteUp(quoteId, token, configurationId));
  expect(started.prepare.mode).toBe('SOWriteup');
  resultOf(await configure(configurationId, 'poNumber', answers.po ?? 'PO-555', token));
  resultOf(await configure(configurationId, 'requestedShip', answers.ship ?? '12/01/2026', token));
  const finish = () => t.call('configurator/finish', { sessionId: configurationId, quoteId }, token);
  return { configurationId, finish, response: await finish() };
}

const getQuote = async (id: number, token = a.token[1]) =>
  resultOf<TQuote>(await t.call('quoteManagement/getQuote', { id }, token));

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  chairId = (await createConfigurableProduct(t, a.token[5], demoModel('office-chair'))).ID;
});
afterAll(() => t.close());

describe('finishing the SO write-up places the order', () => {
  it("through the order core: type 2, the write-up's PO, the order document, mail, audit and contentchange", async () => {
    const quoteId = await quoteWithChair();
    const publish = vi.spyOn(t.deps.realtime, 'publishContentChange');
    const { configurationId, response } = await writeUp(quoteId, { po: ' PO-555 ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({ quoteId, quoteType: 2, lineId: null });

    const order = await getQuote(quoteId);
    expect(order).toMatchObject({
      type: 2,
      poNumber: 'PO-555',
      soWriteUpConfigId: configurationId,
      integration: 'default',
      lineCount: 1,
    });
    expect(Date.now() - Date.parse(order.dateOrderPlaced ?? '')).toBeLessThan(60_000);
    // The order's document is printed by its job once the order has committed.
    expect(order.currentPrintedDocument).toBeNull();
    expect(await t.deps.jobs.drain(['documents.printOrder'])).toBe(1);
    const printed = await getQuote(quoteId);
    const documents = resultOf<TQuoteDocument[]>(
      await t.call('quoteManagement/getQuoteDocuments', { quoteId }, a.token[1]),
    );
    expect(documents.map((doc) => doc.originalName).sort()).toEqual(
      [
        `Order-${quoteId}-Rev1.pdf`,
        `Quote-${quoteId}-Line1-Pricing-Rev1.pdf`,
        `SalesOrder-${quoteId}-WriteUp-Rev1.pdf`,
      ].sort(),
    );
    expect(printed.currentPrintedDocument).toBe(documents.find((doc) => doc.kind === 'quote')?.path);
    expect(order.soWriteUpDocLink).toBe(documents.find((doc) => doc.kind === 'so-writeup')?.path);

    const mails = (await t.deps.db.select().from(mailOutbox)).filter(
      (mail) => mail.subject === `Order #${quoteId} confirmed`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('Purchase order: PO-555.');
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'quote'), eq(auditEvents.entityId, String(quoteId))));
    expect(events.map((event) => (event.data as { via?: string }).via)).toContain('writeup');
    expect(publish).toHaveBeenCalledWith(a.pid, {
      activeOrders: [{ id: quoteId, statusTypeId: null, status: 'Ordered', version: order.version }],
      numItemsUpdated: 1,
    });
    publish.mockRestore();
    const listed = resultOf<{ rows: { id: number }[] }>(
      await t.call('quoteManagement/getQuotes', { type: 2, username: a.username[1] }, a.token[1]),
    );
    expect(listed.rows.map((row) => row.id)).toContain(quoteId);
  });

  it("starts as 'Ordered' whatever status the quote had", async () => {
    const quoteId = await quoteWithChair();
    const [draft] = await t.deps.db
      .insert(statusTypes)
      .values({ pid: a.pid, name: 'Draft', roleLevel: 0, displayOrder: 0 })
      .returning();
    const quote = await getQuote(quoteId);
    resultOf(
      await t.call(
        'quoteManagement/updateQuote',
        { id: quoteId, version: quote.version, input: { statusTypeId: draft?.id } },
        a.token[1],
      ),
    );
    expect((await writeUp(quoteId)).response.statusCode).toBe(200);
    expect(await getQuote(quoteId)).toMatchObject({ type: 2, statusTypeId: null, statusName: null });
  });

  it('answers the order again when the same finish is repeated, and refuses another write-up of the order', async () => {
    const quoteId = await quoteWithChair();
    const { configurationId, finish, response } = await writeUp(quoteId);
    const first = await getQuote(quoteId);
    expect(response.statusCode).toBe(200);
    const again = await finish();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result).toMatchObject({ quoteId, quoteType: 2 });
    expect((await getQuote(quoteId)).version).toBe(first.version);
    const ordered = `Quote #${quoteId} is already an order. Open it from Orders.`;
    expectFailure(await startWriteUp(quoteId), 'CONFLICT', ordered);
    // The finished write-up reopened (the browser's Back): the same answer, and nothing changes.
    expectFailure(await startWriteUp(quoteId, a.token[1], configurationId), 'CONFLICT', ordered);
    expect((await getQuote(quoteId)).version).toBe(first.version);
  });

  it('refuses a ship date that is not a real MM/DD/YYYY date, storing nothing', async () => {
    const quoteId = await quoteWithChair();
    const configurationId = randomUUID();
    resultOf(await startWriteUp(quoteId, a.token[1], configurationId));
    for (const value of ['Test', '02/30/2027', '2027-03-15']) {
      const refused = await configure(configurationId, 'requestedShip', value);
      expectFailure(refused, 'VALIDATION_FAILED', MSG.invalidDate, 400);
    }
    const [row] = await t.deps.db.select().from(configurations).where(eq(configurations.id, configurationId));
    expect(JSON.stringify(row?.choices)).not.toContain('requestedShip');
    expect((await getQuote(quoteId)).type).toBe(1);
  });

  it('checks dates on a platform whose write-up model predates the check: it gets the shipped edition', async () => {
    const quoteId = await quoteWithChair();
    resultOf(await startWriteUp(quoteId));
    const [product] = await t.deps.db.select().from(products).where(eq(products.productNumber, 'SO-WRITEUP'));
    const [current] = await t.deps.db.select().from(productModels).where(eq(productModels.id, product!.modelId!));
    const older = structuredClone(current!.model) as { version: number; options: { displayFormat?: string }[] };
    older.version = 1;
    for (const option of older.options) delete option.displayFormat;
    await t.deps.db.update(productModels).set({ model: older }).where(eq(productModels.id, current!.id));

    const configurationId = randomUUID();
    resultOf(await startWriteUp(quoteId, a.token[1], configurationId));
    expectFailure(await configure(configurationId, 'requestedShip', 'Test'), 'VALIDATION_FAILED', MSG.invalidDate, 400);
    const versions = await t.deps.db.select().from(productModels).where(eq(productModels.productId, product!.id));
    expect(versions.map((version) => version.version).sort()).toEqual([1, 2]);
  });

  it('refuses to start on a quote request or for an account that pays by card', async () => {
    const cardUser = await signedInUser(t.deps.db, t.deps.config.tokenSecret, {
      roleLevel: 1,
      pid: a.pid,
      checkoutType: 'stripe',
    });
    const cardQuote = await quoteWithChair(cardUser.token);
    expectFailure(await startWriteUp(cardQuote, cardUser.token), 'FORBIDDEN', MSG.cardCheckoutOnly, 403);

    const requestId = await quoteWithChair();
    await t.deps.db.update(quotes).set({ type: 3 }).where(eq(quotes.id, requestId));
    expectFailure(await startWriteUp(requestId), 'CONFLICT', undefined, 409);
    expect((await getQuote(requestId)).type).toBe(3);
  });
});
