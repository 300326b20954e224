import {
  PORTAL_MSG,
  SHARE_DEFAULT_DAYS,
  SHARE_MAX_DAYS,
  shareRefusal,
  type TParsedRequestOf,
  type TQuoteShare,
  type TShareQuoteResult,
} from '@cpq/contracts';
import { assertMailBudget } from '../../adapters/mail/mail-budget';
import type { TDbOrTx, TTx } from '../../db/client';
import { type TAfterCommit, withTransaction } from '../../db/transaction';
import { AppError, assertAllowed } from '../../lib/app-error';
import { ALL_PLATFORMS } from '../../lib/platform-scope';
import { insertChangesBy } from '../audit/change-trail';
import { findPlatformName } from '../documents/documents.repository';
import { APP_NAME } from '../documents/print-data';
import type { TOrderContext } from '../orders/order-context';
import { billingContactGaps } from '../payments/payments.service';
import type { TQuoteRow } from '../quotes/quotes.repository';
import { assertVersion, findVisibleQuote, notFound } from '../quotes/quotes.service';
import { findUserById } from '../users/users.repository';
import { portalPaymentMethodOf } from './portal-payment';
import { linkBasisOf, loadPortalView, printedRevisionNumberOf, shareStatusOf, type TLinkBasis } from './portal-view';
import {
  findShareById,
  insertShare,
  listSharesOfQuote,
  openingsOfShares,
  revokeShareRow,
  type TOpeningSummary,
  type TShareRow,
} from './quote-shares.repository';
import { shareLinkMail, shareUrlOf } from './share-mails';
import { newShareToken } from './share-token';

/** What the share routes need: the app's dependencies, the caller, the address and the request's log. */
export type TShareContext = TOrderContext;

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_OPENINGS: TOpeningSummary = { openCount: 0, lastOpenedAt: null, openings: [] };

/** A link as its sales side sees it: its status now and its openings. */
export function toQuoteShare(
  share: TShareRow,
  quote: Pick<TQuoteRow, 'type'>,
  now: Date,
  basis: TLinkBasis,
  openings: TOpeningSummary = NO_OPENINGS,
): TQuoteShare {
  return {
    id: share.id,
    quoteId: share.quoteId,
    email: share.email,
    sharedBy: share.sharedByEmail,
    createdAt: share.createdAt.toISOString(),
    expiresAt: share.expiresAt.toISOString(),
    revokedAt: share.revokedAt?.toISOString() ?? null,
    revision: share.revision,
    status: shareStatusOf(share, quote, now, basis),
    openCount: openings.openCount,
    lastOpenedAt: openings.lastOpenedAt?.toISOString() ?? null,
    openings: openings.openings.map((opening) => ({
      at: opening.at.toISOString(),
      ip: opening.ip,
      userAgent: opening.userAgent,
    })),
  };
}

/** The link's last moment: as asked (in the future, at most SHARE_MAX_DAYS ahead), else SHARE_DEFAULT_DAYS from now. */
export function expiryOf(expiresAt: string | undefined, now: Date): Date {
  if (expiresAt === undefined) return new Date(now.getTime() + SHARE_DEFAULT_DAYS * DAY_MS);
  const date = new Date(expiresAt);
  const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, [{ path: 'expiresAt', message }]);
  if (date.getTime() <= now.getTime()) throw refuse('Choose an expiry in the future.');
  if (date.getTime() > now.getTime() + SHARE_MAX_DAYS * DAY_MS) {
    throw refuse(`A link can work for at most ${SHARE_MAX_DAYS} days: choose an earlier expiry.`);
  }
  return date;
}

/** The printed quote a link shows: the quote's current Quote revision, else 409 (print it first). */
export async function currentRevisionOf(db: TDbOrTx, quote: TQuoteRow): Promise<number> {
  const revision = await printedRevisionNumberOf(db, quote);
  if (revision === null) throw new AppError('CONFLICT', PORTAL_MSG.printFirst);
  return revision;
}

/** How a user is named in mails: first and last name, else their username (their e-mail). */
export async function displayNameOf(db: TDbOrTx, userId: number, fallback: string): Promise<string> {
  const found = await findUserById(db, ALL_PLATFORMS, userId);
  const name = [found?.user.firstName, found?.user.lastName].map((part) => part?.trim() ?? '').filter(Boolean);
  return name.length > 0 ? name.join(' ') : fallback;
}

/**
 * Inserts a link of the quote's current printed revision for `email` and puts its mail in the outbox, in the
 * caller's transaction; answers the link and its URL (the token exists only in the URL and the mail).
 */
export async function createShare(
  tx: TTx,
  afterCommit: TAfterCommit,
  ctx: Pick<TShareContext, 'deps' | 'ip'> & { actor: { userId: number } | null },
  spec: {
    quote: TQuoteRow;
    email: string;
    now: Date;
    expiresAt: Date;
    sharedByUserId: number;
    sharedByEmail: string;
  },
  isReplacement = false,
): Promise<{ share: TShareRow; url: string }> {
  const { quote } = spec;
  const revision = await currentRevisionOf(tx, quote);
  const { contentHash } = await loadPortalView(tx, revision, quote);
  const { token, tokenHash } = newShareToken();
  const share = await insertShare(tx, {
    pid: quote.pid,
    quoteId: quote.id,
    tokenHash,
    email: spec.email,
    sharedByUserId: spec.sharedByUserId,
    sharedByEmail: spec.sharedByEmail,
    revision,
    contentHash,
    expiresAt: spec.expiresAt,
    createdAt: spec.now,
  });
  const url = shareUrlOf(ctx.deps.config.publicUrl, token);
  const [company, sharedBy] = await Promise.all([
    findPlatformName(tx, quote.pid),
    displayNameOf(tx, spec.sharedByUserId, spec.sharedByEmail),
  ]);
  const mail = shareLinkMail({
    to: spec.email,
    pid: quote.pid,
    company: company ?? APP_NAME,
    quoteId: quote.id,
    projectName: quote.name,
    sharedBy,
    expiresAt: spec.expiresAt,
    url,
    isReplacement,
  });
  const mailId = await ctx.deps.mailer.enqueue(tx, afterCommit, mail);
  await insertChangesBy(tx, ctx, [
    {
      entity: 'quoteShare',
      verb: 'created',
      entityId: share.id,
      pid: quote.pid,
      data: { quoteId: quote.id, revision, mailId, ...(isReplacement ? { via: 'requestCurrent' } : {}) },
    },
  ]);
  return { share, url };
}

/**
 * A customer who pays by card on the link gets the card's receipt at the quote's contact, and cannot add a contact
 * there: the rep adds it before sharing (409 naming what is missing).
 */
async function assertCardContact(tx: TDbOrTx, quote: TQuoteRow): Promise<void> {
  if ((await portalPaymentMethodOf(tx, { userId: quote.createdByUserId })) !== 'card') return;
  const missing = billingContactGaps(quote);
  if (missing.length > 0) {
    throw new AppError('CONFLICT', PORTAL_MSG.cardContactMissing(missing.map(([, label]) => label)));
  }
}

/**
 * quoteManagement/shareQuote: a link to a quote's current printed revision for one address, mailed to it. Only a
 * quote (type 1) the caller may see, unlocked, at the version the caller read; the mail to a typed address spends
 * the caller's and the platform's mail budget (429 past it, nothing written).
 */
export async function shareQuote(
  ctx: TShareContext,
  body: TParsedRequestOf<'quoteManagement/shareQuote'>,
): Promise<TShareQuoteResult> {
  const now = ctx.deps.clock();
  const expiresAt = expiryOf(body.expiresAt, now);
  return withTransaction(ctx.deps.db, ctx.log, async (tx, afterCommit) => {
    const quote = await findVisibleQuote(tx, ctx.actor, body.id, true);
    assertAllowed(shareRefusal(quote));
    assertVersion(quote, body.version);
    await currentRevisionOf(tx, quote);
    await assertCardContact(tx, quote);
    // Spent last, once the share is sure to be made: a refused call costs no budget.
    await assertMailBudget(ctx.deps, { userId: ctx.actor.userId, pid: quote.pid }, 1);
    const { share, url } = await createShare(tx, afterCommit, ctx, {
      quote,
      email: body.email,
      now,
      expiresAt,
      sharedByUserId: ctx.actor.userId,
      sharedByEmail: ctx.actor.username,
    });
    return { share: toQuoteShare(share, quote, now, share), url };
  });
}

/** A link of a quote the caller may see, with its quote; NOT_FOUND otherwise. */
async function findVisibleShare(tx: TDbOrTx, ctx: TShareContext, id: number, forUpdate = false) {
  const share = await findShareById(tx, id, forUpdate);
  if (!share) throw notFound('id');
  try {
    return { share, quote: await findVisibleQuote(tx, ctx.actor, share.quoteId) };
  } catch {
    throw notFound('id');
  }
}

/** quoteManagement/revokeQuoteShare: the link opens nothing from now on; revoking it again answers it unchanged. */
export async function revokeQuoteShare(ctx: TShareContext, id: number): Promise<TQuoteShare> {
  const now = ctx.deps.clock();
  const { share, quote, basis, openings } = await ctx.deps.db.transaction(async (tx) => {
    const found = await findVisibleShare(tx, ctx, id, true);
    const revoked = found.share.revokedAt ? found.share : await revokeShareRow(tx, found.share.id, now);
    if (!found.share.revokedAt) {
      await insertChangesBy(tx, ctx, [
        {
          entity: 'quoteShare',
          verb: 'updated',
          entityId: revoked.id,
          pid: revoked.pid,
          data: { fields: ['revokedAt'], quoteId: revoked.quoteId },
        },
      ]);
    }
    const summaries = await openingsOfShares(tx, [revoked.id]);
    const basis = await linkBasisOf(tx, found.quote);
    return { share: revoked, quote: found.quote, basis, openings: summaries.get(revoked.id) };
  });
  return toQuoteShare(share, quote, now, basis, openings);
}

/** quoteManagement/getQuoteShares: a quote's links, newest first, with their openings (three queries in all). */
export async function getQuoteShares(ctx: TShareContext, quoteId: number): Promise<{ rows: TQuoteShare[] }> {
  const { db } = ctx.deps;
  const quote = await findVisibleQuote(db, ctx.actor, quoteId);
  const shares = await listSharesOfQuote(db, quote.id);
  if (shares.length === 0) return { rows: [] };
  const [summaries, basis] = await Promise.all([
    openingsOfShares(
      db,
      shares.map((share) => share.id),
    ),
    linkBasisOf(db, quote),
  ]);
  const now = ctx.deps.clock();
  return { rows: shares.map((share) => toQuoteShare(share, quote, now, basis, summaries.get(share.id))) };
}
