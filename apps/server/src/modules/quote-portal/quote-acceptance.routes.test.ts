import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import {
  ACCEPT_MSG,
  CONFIGURATOR_ID,
  formatDate,
  PORTAL_MSG,
  type TAcceptQuoteResult,
  type TQuote,
  toCents,
} from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  documents,
  mailOutbox,
  payments,
  quoteAcceptances,
  quoteLines,
  quoteShares,
  quotes,
} from '../../db/schema';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { decodeQuotedPrintable, startSmtpServer } from '../../testing/smtp-server';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { until } from '../../testing/wait';
import { documentsDir } from '../documents/documents.storage';
import { pdfText } from '../documents/pdf-text.test-support';
import { PAYMENT_MESSAGES } from '../payments/payments.service';
import { scriptedGateway } from '../payments/payments.test-support';
import { recomputeQuoteTotals } from '../quotes/quotes.repository';
import { quoteCalls } from '../quotes/quotes.test-support';
import { loadPortalView } from './portal-view';
import { findShareById, insertShare } from './quote-shares.repository';
import { newShareToken } from './share-token';
import { MSG_DRAW_OR_TYPE } from './signature';

const gateway = scriptedGateway();
const DATA_DIR = `/tmp/cpq-test-accept-${process.pid}`;
const CUSTOMER = 'buyer@customer.example';
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TTestApp;
let a: TPlatformActors;
let calls: ReturnType<typeof quoteCalls>;
let productId: number;
/** A rep who takes purchase orders (the default checkout) and one whose quotes are paid by card. */
let poRep: { token: string; username: string };
let cardRep: { token: string; username: string };
let now = new Date();

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    payments: gateway.gateway,
    clock: () => now,
    env: { DATA_DIR, SMTP_URL: smtp.url },
  });
  a = await createPlatformActors(t);
  calls = quoteCalls(t);
  productId = (await calls.fixedProduct('100.00', a.token[5])).ID;
  const { db, config } = t.deps;
  const po = await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid });
  const card = await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid, checkoutType: 'stripe' });
  poRep = { token: po.token, username: po.user.username };
  cardRep = { token: card.token, username: card.user.username };
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await rm(DATA_DIR, { recursive: true, force: true });
});

/** Prints the quote (the review step, as Create Quote does): a link shares a printed revision. */
async function printQuote(quoteId: number, token: string): Promise<void> {
  const configurationId = randomUUID();
  resultOf(await t.call('configurator/start', { configurationId, productId: CONFIGURATOR_ID.quote, quoteId }, token));
  resultOf(
    await t.call('configurator/configure', { sessionId: configurationId, id: 'leadTime', value: '2-4 weeks' }, token),
  );
  resultOf(await t.call('configurator/finish', { sessionId: configurationId, quoteId }, token));
}

type TShared = { quote: TQuote; token: string; shareId: number; viewHash: string };

const quoteRow = async (id: number) => (await t.deps.db.select().from(quotes).where(eq(quotes.id, id)))[0];

/**
 * A printed quote of `rep` with `lines` lines of $100.00, shared with CUSTOMER (the share written as shareQuote
 * writes it); with `leaveOut`, its last line is optional and left out by the customer.
 */
async function sharedQuote(rep: { token: string; username: string }, lines = 2, leaveOut = false): Promise<TShared> {
  const orderable = await calls.orderableQuote(productId, rep.token, lines);
  if (leaveOut) {
    const last = (orderable.lines ?? []).at(-1);
    if (!last) throw new Error('no line to leave out');
    // As the rep's setLineOptional and the customer's chooseLines leave it: the line out, the total without it.
    await t.deps.db.transaction(async (tx) => {
      await tx.update(quoteLines).set({ optional: true, selected: false }).where(eq(quoteLines.id, last.id));
      await recomputeQuoteTotals(tx, orderable.id, 'lines');
    });
  }
  await printQuote(orderable.id, rep.token);
  const quote = await calls.getQuote(orderable.id, rep.token);
  const { token, tokenHash } = newShareToken();
  const row = await quoteRow(quote.id);
  if (!row) throw new Error('quote vanished');
  const share = await insertShare(t.deps.db, {
    pid: a.pid,
    quoteId: quote.id,
    tokenHash,
    email: CUSTOMER,
    sharedByUserId: row.createdByUserId,
    sharedByEmail: rep.username,
    revision: 1,
    quoteVersion: row.version,
    expiresAt: new Date(now.getTime() + 7 * 86_400_000),
  });
  const view = await loadPortalView(t.deps.db, share, row);
  return { quote, token, shareId: share.id, viewHash: view.viewHash };
}

const typed = { kind: 'typed', text: 'Grace Hopper' } as const;

const accept = (shared: TShared, payment: Record<string, unknown>, overrides: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/quotePortal/accept',
    headers: { 'user-agent': 'Customer Browser/1.0', 'x-forwarded-for': '203.0.113.7' },
    payload: {
      token: shared.token,
      viewHash: shared.viewHash,
      signerName: 'Grace Hopper',
      signerTitle: 'Head of Procurement',
      signature: typed,
      consent: true,
      payment,
      ...overrides,
    },
  });

const byPo = { method: 'po', poNumber: 'PO-2231' } as const;
const byCard = (
  shared: TShared,
  amount = toCents(shared.quote.totalCost ?? '0'),
  paymentMethodId = 'pm_card_visa',
) => ({
  method: 'card',
  amount,
  paymentMethodId,
});

const acceptanceOf = async (quoteId: number) =>
  (await t.deps.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quoteId)))[0];

describe('quotePortal/accept by purchase order', () => {
  it('makes the order with the PO, stores who signed what from where, audits it and mails the confirmation', async () => {
    const shared = await sharedQuote(poRep);
    const result = resultOf<TAcceptQuoteResult>(await accept(shared, byPo));
    expect(result).toEqual({
      status: 'accepted',
      acceptance: {
        signerName: 'Grace Hopper',
        signerTitle: 'Head of Procurement',
        acceptedAt: now.toISOString(),
        orderId: shared.quote.id,
        documentHash: shared.viewHash,
        paidBy: 'po',
        poNumber: 'PO-2231',
      },
    });
    expect(await quoteRow(shared.quote.id)).toMatchObject({ type: 2, poNumber: 'PO-2231', totalCost: '200.0000' });
    expect(await acceptanceOf(shared.quote.id)).toMatchObject({
      shareId: shared.shareId,
      revision: 1,
      signatureKind: 'typed',
      signatureText: 'Grace Hopper',
      documentHash: shared.viewHash,
      ip: '203.0.113.7',
      userAgent: 'Customer Browser/1.0',
      paidBy: 'po',
    });
    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'quote.accepted'), eq(auditEvents.entityId, String(shared.quote.id))));
    expect(event).toMatchObject({ actorUserId: null, ip: '203.0.113.7', pid: a.pid });
    expect(event?.data).toMatchObject({ shareId: shared.shareId, signerName: 'Grace Hopper' });
    const confirmations = (await t.deps.db.select().from(mailOutbox)).filter(
      (mail) => mail.subject === `Order #${shared.quote.id} confirmed`,
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.to).toEqual(['ada@buyer.example', poRep.username]);
  });

  it('answers the first acceptance to the same signer again, and 409 to another signer', async () => {
    const shared = await sharedQuote(poRep);
    const first = resultOf<TAcceptQuoteResult>(await accept(shared, byPo));
    const acceptedAt = now;
    now = new Date(now.getTime() + 60_000);
    expect(resultOf<TAcceptQuoteResult>(await accept(shared, byPo, { signerName: ' grace hopper ' }))).toEqual(first);
    expectFailure(
      await accept(shared, byPo, { signerName: 'Someone Else' }),
      'CONFLICT',
      ACCEPT_MSG.acceptedByOther('Grace Hopper', formatDate(acceptedAt)),
      409,
    );
  });

  it('removes the optional line the customer left out before the quote becomes the order', async () => {
    const shared = await sharedQuote(poRep, 3, true);
    resultOf(await accept(shared, byPo));
    const order = await calls.getQuote(shared.quote.id, poRep.token);
    expect(order.lines).toHaveLength(2);
    expect(order.lines?.every((line) => line.selected)).toBe(true);
    expect(order).toMatchObject({ type: 2, totalCost: '200.0000', lineCount: 2 });
    const removed = (shared.quote.lines ?? []).at(-1);
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'quoteLine.deleted'), eq(auditEvents.entityId, String(removed?.id))));
    expect(events).toHaveLength(1);
  });
});

describe('quotePortal/accept refusals', () => {
  it('refuses without consent (400), with a blank drawn signature (400) and the wrong way to pay (400)', async () => {
    const shared = await sharedQuote(poRep);
    expectFailure(await accept(shared, byPo, { consent: false }), 'VALIDATION_FAILED', undefined, 400);
    const blank =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
    const drawn = await accept(shared, byPo, { signature: { kind: 'drawn', png: blank } });
    expect(expectFailure(drawn, 'VALIDATION_FAILED', MSG_DRAW_OR_TYPE, 400).details).toEqual([
      { path: 'signature', message: MSG_DRAW_OR_TYPE },
    ]);
    expectFailure(await accept(shared, byCard(shared)), 'VALIDATION_FAILED', ACCEPT_MSG.payByPurchaseOrder, 400);
    expect(await quoteRow(shared.quote.id)).toMatchObject({ type: 1 });
    expect(await acceptanceOf(shared.quote.id)).toBeUndefined();
  });

  it('refuses a view that changed while the customer read it (409), and a superseded link (409)', async () => {
    const shared = await sharedQuote(poRep);
    const stale = { viewHash: 'f'.repeat(64) };
    expectFailure(await accept(shared, byPo, stale), 'CONFLICT', ACCEPT_MSG.viewChanged, 409);
    // The rep edits the quote after sharing it: the link is superseded.
    const current = await calls.getQuote(shared.quote.id, poRep.token);
    resultOf(
      await t.call(
        'quoteManagement/updateQuote',
        { id: current.id, version: current.version, input: { name: 'Renamed' } },
        poRep.token,
      ),
    );
    expectFailure(await accept(shared, byPo), 'CONFLICT', PORTAL_MSG.superseded, 409);
    expect(await quoteRow(shared.quote.id)).toMatchObject({ type: 1 });
  });

  it('answers an expired link 404 as any link that opens nothing, and an expired quote 409 naming the rep', async () => {
    const shared = await sharedQuote(poRep);
    const printedAt = now;
    now = new Date(printedAt.getTime() + 31 * 86_400_000);
    const share = await findShareById(t.deps.db, shared.shareId);
    const row = await quoteRow(shared.quote.id);
    if (!share || !row) throw new Error('the shared quote vanished');
    const view = await loadPortalView(t.deps.db, share, row);
    expect(view.validUntil).not.toBeNull();
    const rep = view.preparedBy;
    expectFailure(await accept(shared, byPo), 'NOT_FOUND', PORTAL_MSG.linkUnavailable, 404);
    // The link lasts longer than the quote's prices: past the validity, the quote is expired.
    await t.deps.db
      .update(quoteShares)
      .set({ expiresAt: new Date(now.getTime() + 86_400_000) })
      .where(eq(quoteShares.id, shared.shareId));
    expectFailure(await accept(shared, byPo), 'CONFLICT', ACCEPT_MSG.expired(formatDate(view.validUntil), rep), 409);
    now = printedAt;
  });
});

describe('quotePortal/accept by card', () => {
  const paymentsOf = (quoteId: number) => t.deps.db.select().from(payments).where(eq(payments.quoteId, quoteId));

  it('charges the server’s total once with the test gateway and makes the order; sent again, no second charge', async () => {
    const shared = await sharedQuote(cardRep);
    const before = gateway.chargeCount();
    const result = resultOf<TAcceptQuoteResult>(await accept(shared, byCard(shared)));
    expect(result).toMatchObject({ status: 'accepted', acceptance: { paidBy: 'card', poNumber: null } });
    expect(gateway.calls.at(-1)).toMatchObject({ amountCents: 20_000, paymentMethodId: 'pm_card_visa' });
    expect(await quoteRow(shared.quote.id)).toMatchObject({ type: 2, totalCost: '200.0000' });
    expect(await paymentsOf(shared.quote.id)).toMatchObject([{ status: 'succeeded', amountCents: 20_000 }]);
    expect(resultOf<TAcceptQuoteResult>(await accept(shared, byCard(shared)))).toEqual(result);
    expect(gateway.chargeCount() - before).toBe(1);
  });

  it('charges the total of the lines bought: an optional line left out is neither charged nor ordered', async () => {
    const shared = await sharedQuote(cardRep, 3, true);
    expect(shared.quote.totalCost).toBe('200.0000');
    resultOf(await accept(shared, byCard(shared)));
    expect(gateway.calls.at(-1)).toMatchObject({ amountCents: 20_000 });
    expect(await quoteRow(shared.quote.id)).toMatchObject({ type: 2, totalCost: '200.0000', lineCount: 2 });
  });

  it('refuses an amount other than the total (409, nothing charged), a declined card (402) and a purchase order (400)', async () => {
    const shared = await sharedQuote(cardRep);
    const before = gateway.chargeCount();
    expectFailure(await accept(shared, byCard(shared, 19_999)), 'CONFLICT', PAYMENT_MESSAGES.totalChanged(20_000), 409);
    expectFailure(
      await accept(shared, byCard(shared, 20_000, 'pm_card_chargeDeclined')),
      'PAYMENT_DECLINED',
      'Your card was declined.',
      402,
    );
    expectFailure(await accept(shared, byPo), 'VALIDATION_FAILED', ACCEPT_MSG.payByCard, 400);
    expect(gateway.chargeCount()).toBe(before);
    expect(await quoteRow(shared.quote.id)).toMatchObject({ type: 1 });
    expect(await acceptanceOf(shared.quote.id)).toBeUndefined();
  });

  it('answers 3-D Secure as it is, and accepts once the card is confirmed', async () => {
    const shared = await sharedQuote(cardRep);
    gateway.setMode('challenge');
    try {
      const challenge = resultOf<TAcceptQuoteResult>(await accept(shared, byCard(shared)));
      if (challenge.status !== 'requires_action') throw new Error(`expected requires_action, got ${challenge.status}`);
      expect(await quoteRow(shared.quote.id)).toMatchObject({ type: 1 });
      gateway.confirm(challenge.clientSecret.replace(/_secret$/, ''));
      const accepted = resultOf<TAcceptQuoteResult>(await accept(shared, byCard(shared)));
      expect(accepted).toMatchObject({ status: 'accepted', acceptance: { paidBy: 'card' } });
    } finally {
      gateway.setMode('normal');
    }
  });
});

describe('the signed quote', () => {
  it('is printed by its job as a document of the order, with the signer, title and hash, and mailed to both sides', async () => {
    const shared = await sharedQuote(poRep);
    resultOf(await accept(shared, byPo, { signerName: 'Katherine Johnson', signerTitle: 'Chief Buyer' }));
    await t.deps.jobs.drain(['documents.signQuote']);
    const [document, ...more] = await t.deps.db
      .select()
      .from(documents)
      .where(and(eq(documents.quoteId, shared.quote.id), eq(documents.kind, 'signed-quote')));
    expect(more).toEqual([]);
    expect(document).toMatchObject({ revision: 1, originalName: `Quote-${shared.quote.id}-Signed-Rev1.pdf` });
    expect((await acceptanceOf(shared.quote.id))?.signedDocumentPath).toBe(document?.path);
    const text = pdfText(await readFile(`${documentsDir(DATA_DIR)}/${document?.path}`));
    for (const expected of ['Katherine Johnson', 'Chief Buyer', shared.viewHash, 'Purchase order PO-2231']) {
      expect(text).toContain(expected);
    }
    // The run again prints nothing more.
    await t.deps.jobs.drain(['documents.signQuote']);
    const listed = resultOf<{ kind: string }[]>(
      await t.call('quoteManagement/getQuoteDocuments', { quoteId: shared.quote.id }, poRep.token),
    );
    expect(listed.filter((row) => row.kind === 'signed-quote')).toHaveLength(1);

    await t.deps.mailer.flush();
    const signedMails = () =>
      smtp.received.filter((mail) => mail.raw.includes(`Quote-${shared.quote.id}-Signed-Rev1.pdf`));
    await until(() => signedMails().length === 2, { what: 'the two signed-quote mails' });
    const recipients = signedMails().map((mail) => mail.to.join(','));
    expect(recipients.sort()).toEqual([CUSTOMER, poRep.username].sort());
    for (const mail of signedMails()) {
      const raw = decodeQuotedPrintable(mail.raw);
      expect(raw).toMatch(/Content-Type: application\/pdf/i);
      expect(raw).toMatch(/Content-Disposition: attachment/i);
    }
  });
});
