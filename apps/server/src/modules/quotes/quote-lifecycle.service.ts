import {
  ADMIN_LEVEL,
  deleteRefusal,
  MSG,
  QUOTE_TYPE,
  ROLE_LEVEL,
  type TParsedRequestOf,
  type TQuote,
  type TResultOf,
} from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import { AppError, assertAllowed } from '../../lib/app-error';
import { scopeOf } from '../../lib/platform-scope';
import { findAddress } from '../addresses/addresses.repository';
import { insertChangesBy } from '../audit/change-trail';
import { findUserByUsername } from '../users/users.repository';
import { listQuotes, pickAttributes, type TQuoteListFilter } from './quote-list.repository';
import { quoteTrail } from './quote-trails';
import { copyAddressToQuote, copyLines, deleteQuoteRow, updateQuoteRow } from './quote-writes.repository';
import { canSeeQuote, newQuoteType } from './quotes.policy';
import { findQuoteByGuid, insertQuoteOnce, loadQuote, recomputeQuoteTotals, type TQuoteRow } from './quotes.repository';
import { findVisibleQuote, notFound, type TQuoteContext } from './quotes.service';

type TGetQuotes = TParsedRequestOf<'quoteManagement/getQuotes'>;

/**
 * Whose quotes a list covers: levels 0 and 1 only their own (a visitor's also the requests a rep has taken from
 * them), level 1 also its platform's quote requests; administrators anyone in their scope, or everyone.
 */
async function listFilter(ctx: TQuoteContext, body: TGetQuotes): Promise<TQuoteListFilter> {
  const { actor } = ctx;
  const scope = scopeOf(actor);
  const types = body.type === undefined ? undefined : [...new Set([body.type].flat())];
  if (body.username === undefined || body.username === actor.username) {
    if (body.username === undefined && actor.roleLevel >= ADMIN_LEVEL) return { scope, types };
    // Quote requests are the platform's leads: registered users list them all (only them) without a username.
    const isRequestsOnly = types?.length === 1 && types[0] === QUOTE_TYPE.QuoteRequest;
    if (body.username === undefined && isRequestsOnly && actor.roleLevel >= ROLE_LEVEL.registered) {
      return { scope, types };
    }
    return { scope, ownerId: actor.userId, orRequested: actor.roleLevel === ROLE_LEVEL.public, types };
  }
  if (actor.roleLevel < ADMIN_LEVEL) throw new AppError('FORBIDDEN', MSG.forbidden);
  const owner = await findUserByUsername(ctx.db, scope, body.username);
  if (!owner) throw notFound('username');
  return { scope: { kind: 'platform', pid: owner.user.pid }, ownerId: owner.user.id, types };
}

/** The quotes list: dashboards (username, types 1 and 3), orders (type 2), admin lists (the platform). */
export async function getQuotes(ctx: TQuoteContext, body: TGetQuotes): Promise<TResultOf<'quoteManagement/getQuotes'>> {
  const page = await listQuotes(ctx.db, await listFilter(ctx, body), body);
  return { rows: pickAttributes(page.rows, body.attributes), count: page.count };
}

/**
 * Deletes a quote with its lines, comments and own addresses in one transaction. A locked quote is refused, and so
 * is an order: a placed (perhaps paid) order is a record the business keeps.
 */
export async function deleteQuote(
  ctx: TQuoteContext,
  body: TParsedRequestOf<'quoteManagement/deleteQuote'>,
): Promise<TResultOf<'quoteManagement/deleteQuote'>> {
  return ctx.db.transaction(async (tx) => {
    const quote = await findVisibleQuote(tx, ctx.actor, body.id, true);
    if (body._id !== undefined && body._id !== quote.guid) throw notFound('_id');
    assertAllowed(deleteRefusal(quote));
    await deleteQuoteRow(tx, quote.id);
    await insertChangesBy(tx, ctx, [quoteTrail.deleted(quote)]);
    return { ok: true as const, id: quote.id };
  });
}

/** Copies the quote's own billing and shipping addresses onto the copy; answers the copy's address ids. */
async function copyAddresses(tx: TDbOrTx, source: TQuoteRow, copy: TQuoteRow) {
  const scope = { kind: 'platform', pid: source.pid } as const;
  const copyOne = async (id: number | null) => {
    const address = id === null ? null : await findAddress(tx, scope, id);
    return address ? copyAddressToQuote(tx, copy, address) : null;
  };
  return {
    billingAddressId: await copyOne(source.billingAddressId),
    shippingAddressId: await copyOne(source.shippingAddressId),
  };
}

/**
 * Copies a quote under the client's new `_id`: a quote of the caller's (type 1; a quote request for public users),
 * unlocked, with the project, notes, contact and addresses, and copies of the lines with new GUIDs; no documents,
 * configurator links, CRM numbers, status or PO number. The same `_id` twice answers the first copy.
 */
export async function copyQuote(
  ctx: TQuoteContext,
  body: TParsedRequestOf<'quoteManagement/copyQuote'>,
): Promise<TQuote> {
  const { actor } = ctx;
  const copied = await ctx.db.transaction(async (tx) => {
    const source = await findVisibleQuote(tx, actor, body.id, true);
    const inserted = await insertQuoteOnce(tx, {
      guid: body._id,
      pid: source.pid,
      type: newQuoteType(actor),
      name: source.name,
      companyId: source.companyId,
      createdByUserId: actor.userId,
      createdByEmail: actor.username,
      notes: source.notes,
      contactId: source.contactId,
      erpId: source.erpId,
      firstName: source.firstName,
      lastName: source.lastName,
      email: source.email,
      phone: source.phone,
      altPhone: source.altPhone,
      companyName: source.companyName,
      sameAsBilling: source.sameAsBilling,
      discountPercent: source.discountPercent,
    });
    if (!inserted) return null;
    await copyLines(tx, source.id, inserted.id, actor.username);
    await updateQuoteRow(tx, inserted.id, await copyAddresses(tx, source, inserted));
    const copy = await recomputeQuoteTotals(tx, inserted.id, 'id');
    await insertChangesBy(tx, ctx, [quoteTrail.created(copy, { copiedFrom: source.id })]);
    return copy;
  });
  const row = copied ?? (await findQuoteByGuid(ctx.db, body._id));
  if (!row || !canSeeQuote(actor, row)) {
    const message = 'A quote with this _id already exists.';
    throw new AppError('CONFLICT', message, [{ path: '_id', message }]);
  }
  return loadQuote(ctx.db, row, ctx.actor);
}
