import { readFile, rm } from 'node:fs/promises';
import {
  ACCEPT_MSG,
  formatDate,
  PORTAL_MSG,
  type TAcceptQuoteResult,
  type TPortalQuote,
  type TQuote,
  toCents,
} from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spendMailBudget } from '../../adapters/mail/mail-budget';
import { auditEvents, documents, mailOutbox, payments, quoteAcceptances, quoteShares, quotes } from '../../db/schema';
import { pdfText } from '../../pdf/pdf-text.test-support';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import type { TPlatformActors } from '../../testing/platform-actors';
import { decodeQuotedPrintable, startSmtpServer } from '../../testing/smtp-server';
import type { TTestApp } from '../../testing/test-app';
import { until } from '../../testing/wait';
import { documentsDir } from '../documents/documents.storage';
import { PAYMENT_MESSAGES } from '../payments/payments.service';
import { scriptedGateway } from '../payments/payments.test-support';
import { quoteTestBed, type TQuoteTestBed } from '../quotes/quotes.test-support';
import { PORTAL_LIMITS } from './portal-limits';
import { nextClientIp, portalCalls } from './quote-portal.test-support';
import { MSG_DRAW_OR_TYPE } from './signature';

const gateway = scriptedGateway();
const DATA_DIR = `/tmp/cpq-test-accept-${process.pid}`;
const CUSTOMER = 'buyer@customer.example';
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let bed: TQuoteTestBed;
let t: TTestApp;
let a: TPlatformActors;
let p: ReturnType<typeof portalCalls>;
/** A rep who takes purchase orders (the default checkout) and one whose quotes are paid by card. */
let poRep: { token: string; username: string };
let cardRep: { token: string; username: string };
let now = new Date();

beforeAll(async () => {
  smtp = await startSmtpServer();
  bed = await quoteTestBed('100.00', {
    payments: gateway.gateway,
    clock: () => now,
    env: { DATA_DIR, SMTP_URL: smtp.url },
  });
  ({ t, a } = bed);
  p = portalCalls(bed);
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

type TShared = { quote: TQuote; token: string; shareId: number; viewHash: string };

const quoteRow = async (id: number) => (await t.deps.db.select().from(quotes).where(eq(quotes.id, id)))[0];

/** The link's quote as the customer reads it. */
const portalQuote = async (token: string) => resultOf<TPortalQuote>(await p.portal('quotePortal/getQuote', { token }));

/**
 * A printed quote of `rep` with `lines` lines of $100.00, shared with CUSTOMER, and the hash of its view as the
 * customer reads it; with `leaveOut`, the rep made its last line optional and the customer left it out.
 */
async function sharedQuote(rep: { token: string; username: string }, lines = 2, leaveOut = false): Promise<TShared> {
  let quote = await bed.calls.orderableQuote(bed.productId, rep.token, lines);
  if (leaveOut) quote = await p.setOptional(quote, lines - 1, true, rep.token);
  quote = await p.printQuote(quote.id, rep.token);
  const { token, share } = await p.share(quote, rep.token, CUSTOMER);
  const last = quote.lines?.at(-1);
  if (leaveOut && last) {
    resultOf(await p.portal('quotePortal/chooseLines', { token, lines: [{ id: last.id, selected: false }] }));
  }
  const read = await portalQuote(token);
  if (!read.view) throw new Error('the link shows no quote');
  return {
    quote: await bed.calls.getQuote(quote.id, rep.token),
    token,
    shareId: share.id,
    viewHash: read.view.viewHash,
  };
}

const typed = { kind: 'typed', text: 'Grace Hopper' } as const;

/** A stroke on a transparent pad, as the page's signature pad exports it. */
const signaturePng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 220 180, 580 40" stroke="#000" stroke-width="4" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/** The customer's accept, from an address of its own unless named (the per-address limit stays out of the way). */
const accept = (
  shared: TShared,
  payment: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
  ip = nextClientIp(),
) =>
  p.portal(
    'quotePortal/accept',
    {
      token: shared.token,
      viewHash: shared.viewHash,
      signerName: 'Grace Hopper',
      signerTitle: 'Head of Procurement',
      signature: typed,
      consent: true,
      payment,
      ...overrides,
    },
    ip,
    'Customer Browser/1.0',
  );

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
    const published = vi.spyOn(t.deps.realtime, 'publishContentChange');
    const result = resultOf<TAcceptQuoteResult>(await accept(shared, byPo, {}, '203.0.113.7'));
    // The rep's open screens hear of the new order, as when Place Order makes it.
    expect(published).toHaveBeenCalledWith(
      a.pid,
      expect.objectContaining({ activeOrders: [expect.objectContaining({ id: shared.quote.id })] }),
    );
    published.mockRestore();
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
    const order = await bed.calls.getQuote(shared.quote.id, poRep.token);
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
    const current = await bed.calls.getQuote(shared.quote.id, poRep.token);
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

  it('counts the accepts of one link, from whatever address: past the limit, 429 with Retry-After', async () => {
    const shared = await sharedQuote(poRep);
    const stale = { viewHash: 'f'.repeat(64) };
    for (let call = 0; call < PORTAL_LIMITS.acceptPerLink.limit; call += 1) {
      expectFailure(await accept(shared, byPo, stale), 'CONFLICT', ACCEPT_MSG.viewChanged, 409);
    }
    const limited = await accept(shared, byPo);
    expectFailure(limited, 'RATE_LIMITED', undefined, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await quoteRow(shared.quote.id)).toMatchObject({ type: 1 });
  });

  it('tells the customer to ask the rep when the quote is locked', async () => {
    const locked = await sharedQuote(poRep);
    await t.deps.db.update(quotes).set({ isLocked: true }).where(eq(quotes.id, locked.quote.id));
    expectFailure(await accept(locked, byPo), 'CONFLICT', PORTAL_MSG.locked, 409);
  });

  it('shares a quote paid by card only with the billing contact the card needs, which the customer cannot add', async () => {
    let quote = await bed.calls.orderableQuote(bed.productId, cardRep.token, 1);
    await t.deps.db.update(quotes).set({ email: null }).where(eq(quotes.id, quote.id));
    quote = await p.printQuote(quote.id, cardRep.token);
    const message = PORTAL_MSG.cardContactMissing(['e-mail']);
    expectFailure(
      await t.call(
        'quoteManagement/shareQuote',
        { id: quote.id, version: quote.version, email: CUSTOMER },
        cardRep.token,
      ),
      'CONFLICT',
      message,
      409,
    );
    // A rep whose customers accept with a PO number shares the same quote as it is.
    const byPurchaseOrder = await bed.calls.orderableQuote(bed.productId, poRep.token, 1);
    await t.deps.db.update(quotes).set({ email: null }).where(eq(quotes.id, byPurchaseOrder.id));
    await p.share(await p.printQuote(byPurchaseOrder.id, poRep.token), poRep.token, CUSTOMER);
  });

  it('answers an expired link 404 as any link that opens nothing, and an expired quote 409 naming the rep', async () => {
    const shared = await sharedQuote(poRep);
    const { view } = await portalQuote(shared.token);
    if (!view?.validUntil) throw new Error('the link shows no validity');
    const printedAt = now;
    now = new Date(printedAt.getTime() + 31 * 86_400_000);
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

  it('answers 502 when the payment service cannot be reached, the quote unchanged; the same accept then goes through', async () => {
    const shared = await sharedQuote(cardRep);
    gateway.setMode('unavailable');
    try {
      const failed = await accept(shared, byCard(shared));
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({
        success: false,
        code: 'PAYMENT_UNAVAILABLE',
        error: PAYMENT_MESSAGES.unavailable,
      });
    } finally {
      gateway.setMode('normal');
    }
    expect(await quoteRow(shared.quote.id)).toMatchObject({ type: 1 });
    expect(await acceptanceOf(shared.quote.id)).toBeUndefined();
    expect(resultOf<TAcceptQuoteResult>(await accept(shared, byCard(shared)))).toMatchObject({ status: 'accepted' });
  });

  /** Accepts by card through a 3-D Secure step, which answers as it is and changes nothing; the card is then confirmed. */
  async function acceptChallenged(shared: TShared): Promise<void> {
    gateway.setMode('challenge');
    try {
      const challenge = resultOf<TAcceptQuoteResult>(await accept(shared, byCard(shared)));
      if (challenge.status !== 'requires_action') throw new Error(`expected requires_action, got ${challenge.status}`);
      expect(await quoteRow(shared.quote.id)).toMatchObject({ type: 1 });
      gateway.confirm(challenge.clientSecret.replace(/_secret$/, ''));
    } finally {
      gateway.setMode('normal');
    }
  }

  it('answers 3-D Secure as it is, and accepts once the card is confirmed', async () => {
    const shared = await sharedQuote(cardRep);
    await acceptChallenged(shared);
    const accepted = resultOf<TAcceptQuoteResult>(await accept(shared, byCard(shared)));
    expect(accepted).toMatchObject({ status: 'accepted', acceptance: { paidBy: 'card' } });
  });

  it('records the acceptance when the card the customer confirmed was settled before they came back', async () => {
    const shared = await sharedQuote(cardRep);
    await acceptChallenged(shared);
    // The same attempt settles first by another path (as the provider's webhook does): the quote is an order.
    const { quote } = shared;
    const body = { amount: 20_000, id: 'pm_card_visa', quoteId: quote.id, version: quote.version };
    resultOf(await t.call('paymentManagement/payment', body, cardRep.token));
    expect(await acceptanceOf(quote.id)).toBeUndefined();
    // Another card is not the one that paid: the link answers that the quote is an order, and stores nothing.
    const otherCard = await accept(shared, byCard(shared, 20_000, 'pm_card_mastercard'));
    expectFailure(otherCard, 'CONFLICT', PORTAL_MSG.accepted, 409);
    expect(await acceptanceOf(quote.id)).toBeUndefined();
    const accepted = resultOf<TAcceptQuoteResult>(await accept(shared, byCard(shared)));
    expect(accepted).toMatchObject({ status: 'accepted', acceptance: { paidBy: 'card', orderId: quote.id } });
    expect(await acceptanceOf(quote.id)).toMatchObject({ shareId: shared.shareId, paidBy: 'card' });
    const otherSigner = await accept(shared, byCard(shared), { signerName: 'Someone Else' });
    expectFailure(otherSigner, 'CONFLICT', ACCEPT_MSG.acceptedByOther('Grace Hopper', formatDate(now)), 409);
  });
});

describe('the signed quote', () => {
  it('goes to the rep alone, saying so, when the rep’s mail budget is spent (as order mails do)', async () => {
    const { db, config } = t.deps;
    const rep = await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid });
    const shared = await sharedQuote({ token: rep.token, username: rep.user.username });
    await spendMailBudget(t.deps, { userId: rep.user.id, pid: a.pid }, config.mailLimits.perUser);
    resultOf(await accept(shared, byPo));
    await t.deps.jobs.drain(['documents.signQuote']);
    const mails = (await db.select().from(mailOutbox)).filter((mail) =>
      [`Your signed quote #${shared.quote.id}`, `Quote #${shared.quote.id} was accepted`].includes(mail.subject),
    );
    expect(mails.map((mail) => mail.to)).toEqual([[rep.user.username]]);
    expect(mails[0]?.textBody).toContain('We did not send a copy to buyer@customer[.]example');
    const withheld = (await db.select().from(auditEvents).where(eq(auditEvents.action, 'mail.withheld'))).filter(
      (event) => (event.data as { quoteId?: number }).quoteId === shared.quote.id,
    );
    // The order confirmation to the quote's contact and the signed quote to the customer: both held back.
    expect(withheld).toHaveLength(2);
  });

  it('once stored, is heard of by the rep’s open screens, as the order’s own document is', async () => {
    const shared = await sharedQuote(poRep);
    resultOf(await accept(shared, byPo));
    const published = vi.spyOn(t.deps.realtime, 'publishContentChange');
    await t.deps.jobs.drain(['documents.signQuote']);
    expect(published).toHaveBeenCalledWith(
      a.pid,
      expect.objectContaining({ activeOrders: [expect.objectContaining({ id: shared.quote.id })] }),
    );
    published.mockRestore();
  });

  it('is printed by its job as a document of the order, with the signer, title and hash, and mailed to both sides', async () => {
    const shared = await sharedQuote(poRep);
    const drawn = `data:image/png;base64,${(await signaturePng()).toString('base64')}`;
    resultOf(
      await accept(shared, byPo, {
        signerName: 'Katherine Johnson',
        signerTitle: 'Chief Buyer',
        signature: { kind: 'drawn', png: drawn },
      }),
    );
    expect(await acceptanceOf(shared.quote.id)).toMatchObject({ signatureKind: 'drawn', signatureText: null });
    await t.deps.jobs.drain(['documents.signQuote']);
    const [document, ...more] = await t.deps.db
      .select()
      .from(documents)
      .where(and(eq(documents.quoteId, shared.quote.id), eq(documents.kind, 'signed-quote')));
    expect(more).toEqual([]);
    expect(document).toMatchObject({ revision: 1, originalName: `Quote-${shared.quote.id}-Signed-Rev1.pdf` });
    expect((await acceptanceOf(shared.quote.id))?.signedDocumentPath).toBe(document?.path);
    const pdf = await readFile(`${documentsDir(DATA_DIR)}/${document?.path}`);
    // The drawing is on the acceptance page as an image.
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    const text = pdfText(pdf);
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
