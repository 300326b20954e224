import { isOrder, linkActionRefusal, PORTAL_MSG, type TParsedRequestOf, type TPortalQuote } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { assertMailBudget } from '../../adapters/mail/mail-budget';
import type { TDbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import type { TAppDeps } from '../../deps';
import { AppError, assertAllowed } from '../../lib/app-error';
import { insertChangesBy } from '../audit/change-trail';
import { findPlatformName } from '../documents/documents.repository';
import { APP_NAME } from '../documents/print-data';
import { paymentConfigOf } from '../payments/payments.service';
import { findLineChoices, recomputeQuoteTotals, setLinesSelected } from '../quotes/quotes.repository';
import { assertPortalLimit } from './portal-limits';
import { portalPaymentMethodOf } from './portal-payment';
import { assertShareOpen, loadPortalView, resolveOpenShare, type TOpenShare } from './portal-view';
import { toPortalAcceptance } from './quote-acceptances.repository';
import { findAcceptanceOfQuote, insertCustomerComment, insertOpening } from './quote-shares.repository';
import { createShare } from './quote-shares.service';
import { customerCommentMail } from './share-mails';

/** What a public call knows: the app's dependencies, the client's address and browser, and the request's log. */
export type TPortalContext = { deps: TAppDeps; ip: string; userAgent: string | undefined; log: FastifyBaseLogger };

/** The longest client text an opening keeps: enough for any real browser's name, not a place to store a file. */
const OPENING_TEXT_MAX = 512;

/** Who is changing what, for the audit trail: nobody signed in, from the client's address. */
const customerCaller = (ctx: TPortalContext) => ({ actor: null, ip: ctx.ip });

/** How the customer pays on accepting: by card when the quote's owner checks out by card, else with a PO number. */
async function paymentOf(db: TDbOrTx, deps: TAppDeps, open: TOpenShare): Promise<TPortalQuote['payment']> {
  return (await portalPaymentMethodOf(db, { userId: open.quote.createdByUserId })) === 'card'
    ? { method: 'card', card: paymentConfigOf(deps) }
    : { method: 'po', card: null };
}

/**
 * A link's answer: the quote as its PDF shows it while the link is open or accepted, nothing of it when the quote
 * moved on (superseded), how the customer would pay, and the acceptance once there is one.
 */
export async function portalQuoteOf(db: TDbOrTx, deps: TAppDeps, open: TOpenShare): Promise<TPortalQuote> {
  const { quote, status } = open;
  const [company, payment, acceptance] = await Promise.all([
    findPlatformName(db, quote.pid),
    paymentOf(db, deps, open),
    findAcceptanceOfQuote(db, quote.id),
  ]);
  return {
    status: status === 'active' ? 'open' : status,
    company: company ?? APP_NAME,
    quoteNumber: quote.id,
    view: status === 'superseded' ? null : open.view,
    payment,
    acceptance: acceptance ? toPortalAcceptance(acceptance) : null,
  };
}

/** After a customer's change commits, the quote's open screens of its platform read it again. */
function announceQuote(ctx: TPortalContext, quote: { id: number; pid: string; version: number }): void {
  try {
    ctx.deps.realtime.publishContentChange(quote.pid, {
      activeOrders: [],
      numItemsUpdated: 0,
      quotes: [{ id: quote.id, version: quote.version }],
    });
  } catch (error) {
    ctx.log.warn({ err: error, pid: quote.pid }, 'contentchange publish failed');
  }
}

/** quotePortal/getQuote: the link's quote; every call on a link that opens is recorded as an opening. */
export async function getPortalQuote(ctx: TPortalContext, token: string): Promise<TPortalQuote> {
  await assertPortalLimit(ctx.deps, 'read', ctx.ip);
  const { db } = ctx.deps;
  const open = await resolveOpenShare(db, token, ctx.deps.clock());
  await insertOpening(db, {
    shareId: open.share.id,
    at: ctx.deps.clock(),
    ip: ctx.ip.slice(0, OPENING_TEXT_MAX) || null,
    userAgent: ctx.userAgent?.slice(0, OPENING_TEXT_MAX) || null,
  });
  return portalQuoteOf(db, ctx.deps, open);
}

/** Refuses a customer's change of a quote its sales side locked. */
function assertQuoteUnlocked(open: TOpenShare): void {
  assertAllowed(linkActionRefusal(open.quote));
}

/**
 * quotePortal/chooseLines: which optional lines are in. Only optional lines of the link's own open quote (anything
 * else: 400 naming the lines); the total follows in the same transaction, and every unrevoked link that showed the
 * quote as it was follows its new version, since a customer's choice is not a sales edit.
 */
export async function chooseLines(
  ctx: TPortalContext,
  body: TParsedRequestOf<'quotePortal/chooseLines'>,
): Promise<TPortalQuote> {
  await assertPortalLimit(ctx.deps, 'write', ctx.ip);
  const now = ctx.deps.clock();
  const { open, changed } = await ctx.deps.db.transaction(async (tx) => {
    const found = await resolveOpenShare(tx, body.token, now, true);
    assertShareOpen(found);
    assertQuoteUnlocked(found);
    if (isOrder(found.quote)) throw new AppError('CONFLICT', PORTAL_MSG.accepted);
    const choices = new Map((await findLineChoices(tx, found.quote.id)).map((line) => [line.id, line]));
    const refused = body.lines
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => choices.get(line.id)?.optional !== true);
    if (refused.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        PORTAL_MSG.notOptional,
        refused.map(({ index }) => ({ path: `lines.${index}.id`, message: PORTAL_MSG.notOptional })),
      );
    }
    // The last choice of a line named twice wins, as it would if the calls came one by one.
    const wanted = new Map(body.lines.map((line) => [line.id, line.selected]));
    const toChange = [...wanted].filter(([id, selected]) => choices.get(id)?.selected !== selected);
    if (toChange.length === 0) return { open: found, changed: false };
    const ids = (selected: boolean) => toChange.filter(([, value]) => value === selected).map(([id]) => id);
    await setLinesSelected(tx, found.quote.id, ids(true), true);
    await setLinesSelected(tx, found.quote.id, ids(false), false);
    const quote = await recomputeQuoteTotals(tx, found.quote.id, 'lines');
    await insertChangesBy(
      tx,
      customerCaller(ctx),
      toChange.map(([id, selected]) => ({
        entity: 'quoteLine' as const,
        verb: 'updated' as const,
        entityId: id,
        pid: quote.pid,
        data: { fields: ['selected'], selected, quoteId: quote.id, via: 'quoteLink', shareId: found.share.id },
      })),
    );
    const { view } = await loadPortalView(tx, found.share.revision, quote);
    return { open: { ...found, quote, view }, changed: true };
  });
  if (changed) announceQuote(ctx, open.quote);
  return portalQuoteOf(ctx.deps.db, ctx.deps, open);
}

/**
 * quotePortal/addComment: the customer's comment joins the quote's communications (no user; the link's address, or
 * the signer once accepted, marked as the customer), and the quote's owner is told by mail. Open or accepted
 * quotes only.
 */
export async function addPortalComment(
  ctx: TPortalContext,
  body: TParsedRequestOf<'quotePortal/addComment'>,
): Promise<TPortalQuote> {
  await assertPortalLimit(ctx.deps, 'write', ctx.ip);
  const now = ctx.deps.clock();
  const open = await withTransaction(ctx.deps.db, ctx.log, async (tx, afterCommit) => {
    const found = await resolveOpenShare(tx, body.token, now, true);
    if (found.status === 'superseded') throw new AppError('CONFLICT', PORTAL_MSG.superseded);
    assertQuoteUnlocked(found);
    await assertPortalLimit(ctx.deps, 'commentPerLink', found.share.id);
    const { share, quote } = found;
    const acceptance = await findAcceptanceOfQuote(tx, quote.id);
    const author = `${acceptance?.signerName ?? share.email} (customer)`;
    await insertCustomerComment(tx, {
      quoteId: quote.id,
      pid: quote.pid,
      shareId: share.id,
      username: author,
      comment: body.comment,
    });
    await ctx.deps.mailer.enqueue(
      tx,
      afterCommit,
      customerCommentMail({
        to: quote.createdByEmail,
        pid: quote.pid,
        quoteId: quote.id,
        author,
        comment: body.comment,
        url: `${ctx.deps.config.publicUrl}/Quote/${quote.id}`,
      }),
    );
    // The answer shows the thread with the new comment.
    const { view } = await loadPortalView(tx, share.revision, quote);
    return { ...found, view };
  });
  announceQuote(ctx, open.quote);
  return portalQuoteOf(ctx.deps.db, ctx.deps, open);
}

/** 'jane@example.com' as 'j***@example.com': enough for the customer to recognise it, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * quotePortal/requestCurrent: a superseded link asks for the quote's current revision. A new link is made for the
 * same address by the same sharer, working until the old one would have, and mailed to that address only, never to the caller; the sharer's mail budget is spent as for a share.
 */
export async function requestCurrent(ctx: TPortalContext, token: string): Promise<{ sentTo: string }> {
  await assertPortalLimit(ctx.deps, 'write', ctx.ip);
  const now = ctx.deps.clock();
  return withTransaction(ctx.deps.db, ctx.log, async (tx, afterCommit) => {
    const found = await resolveOpenShare(tx, token, now, true);
    if (found.status === 'accepted') throw new AppError('CONFLICT', PORTAL_MSG.accepted);
    if (found.status !== 'superseded') throw new AppError('CONFLICT', PORTAL_MSG.notSuperseded);
    const { share, quote } = found;
    if (quote.currentPrintedDocument === null) throw new AppError('CONFLICT', PORTAL_MSG.notPrinted);
    await assertPortalLimit(ctx.deps, 'requestCurrentPerLink', share.id);
    await assertMailBudget(ctx.deps, { userId: share.sharedByUserId, pid: quote.pid }, 1);
    try {
      await createShare(
        tx,
        afterCommit,
        { deps: ctx.deps, ip: ctx.ip, actor: null },
        {
          quote,
          email: share.email,
          now,
          // The new link works as long as the old one would have: the rep chose how long the customer has.
          expiresAt: share.expiresAt,
          sharedByUserId: share.sharedByUserId,
          sharedByEmail: share.sharedByEmail,
        },
        true,
      );
    } catch (error) {
      // The rep's "print it first" is not the customer's to act on.
      if (error instanceof AppError && error.message === PORTAL_MSG.printFirst)
        throw new AppError('CONFLICT', PORTAL_MSG.notPrinted);
      throw error;
    }
    return { sentTo: maskEmail(share.email) };
  });
}
