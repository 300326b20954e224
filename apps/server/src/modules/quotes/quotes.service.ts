import { randomUUID } from 'node:crypto';
import {
  ADMIN_LEVEL,
  lineChangeRefusal,
  lockRefusal,
  MSG,
  QUOTE_TYPE,
  type TParsedRequestOf,
  type TQuote,
  type TQuoteLine,
} from '@cpq/contracts';
import type { TDb, TDbOrTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError, assertAllowed } from '../../lib/app-error';
import { scopeOf } from '../../lib/platform-scope';
import { withdrawApprovalOnChange } from '../approvals/approval-withdrawal';
import { insertChangesBy } from '../audit/change-trail';
import { findProductRow } from '../products/products.repository';
import { findUserByUsername } from '../users/users.repository';
import { linePricesOf, quotePricingOf } from './line-prices.service';
import { quoteLineTrail, quoteTrail } from './quote-trails';
import { canReadQuote, canSeeQuote, newQuoteType, quoteCreatedFlag } from './quotes.policy';
import {
  findLineByGuid,
  findQuoteByGuid,
  findQuoteRow,
  insertLine,
  insertQuoteOnce,
  loadQuote,
  recomputeQuoteTotals,
  type TQuoteRow,
  toQuoteLine,
} from './quotes.repository';

export type TQuoteContext = { db: TDb; actor: TActor; ip: string };

export const notFound = (path?: string) =>
  new AppError('NOT_FOUND', MSG.notFound, path ? [{ path, message: MSG.notFound }] : undefined);

/** Refuses (409, MSG.conflict) a write made against a version of the quote other than its current one. */
export function assertVersion(quote: Pick<TQuoteRow, 'version'>, version: number | undefined): void {
  if (version !== undefined && version !== quote.version) {
    throw new AppError('CONFLICT', MSG.conflict, [{ path: 'version', message: MSG.conflict }]);
  }
}

/** Refuses (409, MSG.quoteLocked) any change to a quote an administrator locked. */
export function assertUnlocked(quote: Pick<TQuoteRow, 'isLocked'>): void {
  assertAllowed(lockRefusal(quote));
}

/** A quote the caller may see, locked for the rest of the transaction when `forUpdate`; NOT_FOUND otherwise. */
export async function findVisibleQuote(db: TDbOrTx, actor: TActor, id: number, forUpdate = false): Promise<TQuoteRow> {
  const quote = await findQuoteRow(db, id, forUpdate);
  if (!quote || !canSeeQuote(actor, quote)) throw notFound('quoteId');
  return quote;
}

/** A quote the caller may read (also a quote request of a registered caller's platform); NOT_FOUND otherwise. */
export async function findReadableQuote(db: TDbOrTx, actor: TActor, id: number, forUpdate = false): Promise<TQuoteRow> {
  const quote = await findQuoteRow(db, id, forUpdate);
  if (!quote || !canReadQuote(actor, quote)) throw notFound('quoteId');
  return quote;
}

/**
 * Locks a quote the caller may add lines to (own quote for levels 0 and 1, its platform for 5, any for 9) for the
 * rest of the transaction; a locked quote (MSG.quoteLocked) or an order (MSG.orderLinesFixed) answers 409.
 */
export async function lockQuoteForLines(tx: TDbOrTx, actor: TActor, id: number): Promise<TQuoteRow> {
  const quote = await findVisibleQuote(tx, actor, id, true);
  assertAllowed(lineChangeRefusal(quote));
  return quote;
}

/** The owner of a new quote: the caller, or for administrators a user of their platform named by `username`. */
async function ownerOf(ctx: TQuoteContext, username: string | undefined) {
  const { actor } = ctx;
  if (username === undefined || username.toLowerCase() === actor.username) {
    return { userId: actor.userId, username: actor.username, pid: actor.pid, roleLevel: actor.roleLevel };
  }
  if (actor.roleLevel < ADMIN_LEVEL) throw new AppError('FORBIDDEN', MSG.forbidden);
  const found = await findUserByUsername(ctx.db, scopeOf(actor), username.toLowerCase());
  if (!found) throw notFound('input.username');
  return { userId: found.user.id, username: found.user.username, pid: found.user.pid, roleLevel: found.role.roleLevel };
}

/**
 * Inserts a new empty quote owned by `owner`, audited, inside the caller's transaction. Answers null when a quote
 * with this `guid` exists already (the caller decides whether that is the same request again).
 */
export async function insertNewQuote(
  tx: TDbOrTx,
  ctx: Pick<TQuoteContext, 'actor' | 'ip'>,
  values: { guid: string; pid: string; type: 1 | 3; ownerId: number; ownerEmail: string; name?: string | null },
): Promise<TQuoteRow | null> {
  const row = await insertQuoteOnce(tx, {
    guid: values.guid,
    pid: values.pid,
    type: values.type,
    name: values.name ?? null,
    createdByUserId: values.ownerId,
    createdByEmail: values.ownerEmail,
  });
  if (row) await insertChangesBy(tx, ctx, [quoteTrail.created(row)]);
  return row;
}

/**
 * Creates an empty quote owned by the caller (administrators may name a user of their platform). Public users
 * always get a quote request (type 3); an order (type 2) comes from payment, never from here. The same `_id` twice
 * answers the first quote.
 */
export async function createQuote(
  ctx: TQuoteContext,
  input: TParsedRequestOf<'quoteManagement/createQuote'>['input'],
): Promise<TQuote> {
  if (input.type === QUOTE_TYPE.Order) {
    const message = 'A quote becomes an order when it is paid or written up, not when it is created.';
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'input.type', message }]);
  }
  const owner = await ownerOf(ctx, input.username);
  const type = owner.roleLevel === 0 ? QUOTE_TYPE.QuoteRequest : (input.type ?? newQuoteType(owner));
  const created = await ctx.db.transaction((tx) =>
    insertNewQuote(tx, ctx, {
      guid: input._id,
      pid: owner.pid,
      type,
      ownerId: owner.userId,
      ownerEmail: owner.username,
      name: input.name,
    }),
  );
  const row = created ?? (await findQuoteByGuid(ctx.db, input._id));
  if (!row || !canSeeQuote(ctx.actor, row)) {
    const message = 'A quote with this _id already exists.';
    throw new AppError('CONFLICT', message, [{ path: 'input._id', message }]);
  }
  return loadQuote(ctx.db, row, ctx.actor);
}

/** One quote with its lines, contact and addresses; NOT_FOUND for quotes the caller may not read. */
export async function getQuote(ctx: TQuoteContext, id: number): Promise<TQuote> {
  return loadQuote(ctx.db, await findReadableQuote(ctx.db, ctx.actor, id), ctx.actor);
}

/**
 * Adds a fixed-price product to a quote at its default price (or the quote customer's price list's, when valid) and recomputes the quote's totals in the same
 * transaction. The same `_id` twice adds one line (the second call answers it).
 */
export async function createLine(
  ctx: TQuoteContext,
  input: TParsedRequestOf<'quoteManagement/createLine'>['input'],
): Promise<TQuoteLine> {
  const { actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    const quote = await lockQuoteForLines(tx, actor, input.quoteId);
    const existing = await findLineByGuid(tx, input._id);
    if (existing) {
      if (existing.quoteId !== quote.id) {
        const message = 'A line with this _id already exists on another quote.';
        throw new AppError('CONFLICT', message, [{ path: 'input._id', message }]);
      }
      return toQuoteLine(existing);
    }
    const product = await findProductRow(tx, { kind: 'platform', pid: quote.pid }, input.productId);
    if (!product) throw notFound('input.productId');
    if (!product.isNonConfigurable || product.defaultPrice === null) {
      const message = 'This product is configured: add it through the configurator.';
      throw new AppError('VALIDATION_FAILED', message, [{ path: 'input.productId', message }]);
    }
    const quantity = input.quantity ?? 1;
    const pricing = await quotePricingOf(tx, quote, [product.id]);
    const line = await insertLine(tx, {
      guid: input._id,
      quoteId: quote.id,
      pid: quote.pid,
      productId: product.id,
      quantity,
      ...linePricesOf(pricing, product.id, quantity, product.defaultPrice),
      details: [],
      imgUrl: product.imageUrl,
      partNumber: product.productNumber,
      description: product.description,
      productName: product.name,
      username: actor.username,
      quoteCreated: quoteCreatedFlag(actor),
      isNonConfigurable: true,
      headerId: product.headerId,
    });
    await recomputeQuoteTotals(tx, quote.id, 'input.quantity');
    await insertChangesBy(tx, ctx, [quoteLineTrail.created(line)]);
    await withdrawApprovalOnChange(tx, ctx, quote);
    return toQuoteLine(line);
  });
}

/** A fresh GUID for a quote the server creates itself (configurator/finish without a quote). */
export const newQuoteGuid = (): string => randomUUID();
