import { DEFAULT_INTEGRATION, orderRefusal, orderStatusLabel, type TOrderStatusChange } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TDbOrTx } from '../../db/client';
import type { TAppDeps } from '../../deps';
import type { TActor } from '../../http/actor';
import { AppError, assertAllowed } from '../../lib/app-error';
import { ALL_PLATFORMS } from '../../lib/platform-scope';
import { insertChangesBy } from '../audit/change-trail';
import { enqueueOrderDocument } from '../documents/order-document';
import { enqueueOrderSubmission } from '../erp/erp-sync';
import { findPlatform, type TPlatformRow } from '../platforms/platforms.repository';
import { quoteLineTrail, quoteTrail } from '../quotes/quote-trails';
import { deleteUnselectedLines } from '../quotes/quote-writes.repository';
import { loadQuote, recomputeQuoteTotals, type TQuoteRow } from '../quotes/quotes.repository';
import { assertVersion } from '../quotes/quotes.service';
import { findStatusName } from '../status-types/status-types.repository';
import { enqueueOrderConfirmation } from './order-confirmation';
import type { TOrderPayment } from './order-mails';
import { findCheckoutType, markOrdered } from './orders.repository';

/** What placing an order needs: the app's dependencies, the caller, and the request's log. */
export type TOrderContext = { deps: TAppDeps; actor: TActor; ip: string; log: FastifyBaseLogger };
/** What telling open screens about order changes needs (a job has no caller). */
export type TPublishContext = Pick<TOrderContext, 'deps' | 'log'>;

/** The caller's checkout type ('order': purchase order, 'stripe': card), read fresh: an admin may have changed it. */
export async function checkoutTypeOf(db: TDbOrTx, actor: Pick<TActor, 'userId'>): Promise<string> {
  return (await findCheckoutType(db, actor.userId)) ?? 'order';
}

/**
 * Refuses to order a quote that cannot be ordered as the caller last saw it: a quote request (type 3), a locked
 * quote, a quote without lines, or a version other than the one the caller read (the lines or total changed).
 */
export function assertOrderable(quote: TQuoteRow, version: number): void {
  assertAllowed(orderRefusal(quote));
  assertVersion(quote, version);
}

async function platformOf(db: TDbOrTx, pid: string): Promise<TPlatformRow> {
  const platform = await findPlatform(db, ALL_PLATFORMS, pid);
  if (!platform) throw new Error(`Quote of a missing platform ${pid}`);
  return platform;
}

/** Said when every line of a quote is an optional one left out: an order needs something bought. */
export const MSG_NOTHING_CHOSEN = 'Choose at least one line: every line of this quote is left out.';

/**
 * An order is what was bought: the optional lines the customer left out are removed (each audited) and the totals
 * derived again, in the order's transaction. The quote as it is when nothing was left out.
 */
async function removeUnchosenLines(tx: TDbOrTx, ctx: TOrderContext, quote: TQuoteRow): Promise<TQuoteRow> {
  const removed = await deleteUnselectedLines(tx, quote.id);
  if (removed.length === 0) return quote;
  await insertChangesBy(
    tx,
    ctx,
    removed.map((line) => quoteLineTrail.deleted(line)),
  );
  const bought = await recomputeQuoteTotals(tx, quote.id, 'lines');
  if (bought.lineCount === 0) {
    throw new AppError('VALIDATION_FAILED', MSG_NOTHING_CHOSEN, [{ path: 'lines', message: MSG_NOTHING_CHOSEN }]);
  }
  return bought;
}

/**
 * Turns a locked, orderable quote into an order inside the caller's transaction: type 2, dateOrderPlaced, the
 * platform's integration, the PO number when there is one, no status (a quote's status, such as 'Draft', is not
 * the order's: it shows the platform's order-complete label until an administrator sets one), a new version;
 * audited; without the optional lines left out. The confirmation e-mail goes into the outbox and the order document's job into the jobs in the same
 * transaction, so both happen if and only if the order commits.
 */
export async function convertToOrder(
  tx: TDbOrTx,
  ctx: TOrderContext,
  quote: TQuoteRow,
  payment: TOrderPayment,
): Promise<TQuoteRow> {
  const platform = await platformOf(tx, quote.pid);
  await removeUnchosenLines(tx, ctx, quote);
  const order = await markOrdered(tx, quote.id, {
    placedAt: ctx.deps.clock(),
    integration: platform.integration,
    ...(payment.kind === 'po' ? { poNumber: payment.poNumber } : {}),
  });
  if (!order) throw new Error(`Quote ${quote.id} vanished inside its transaction`);
  const ordered = (row: TQuoteRow) => ({
    id: row.id,
    pid: row.pid,
    type: row.type,
    poNumber: row.poNumber,
    dateOrderPlaced: row.dateOrderPlaced,
    integration: row.integration,
    statusTypeId: row.statusTypeId,
  });
  const via = payment.kind === 'po' ? (payment.via ?? 'po') : payment.kind;
  await insertChangesBy(tx, ctx, [quoteTrail.updated(ordered(quote), ordered(order), { via })]);
  await enqueueOrderDocument(tx, ctx.deps.jobs, order, ctx.actor);
  const { lines = [] } = await loadQuote(tx, order);
  await enqueueOrderConfirmation(tx, ctx, { order, lines, payment, platformName: platform.name });
  // An ERP other than the app itself gets the order through a durable job, sent if and only if the order commits.
  if (platform.integration !== DEFAULT_INTEGRATION) await enqueueOrderSubmission(tx, ctx.deps.jobs, order);
  return order;
}

/** The status an order shows, with the platform's order-complete label as the fallback. */
export async function orderStatusOf(db: TDbOrTx, order: TQuoteRow): Promise<string> {
  const [platform, statusName] = await Promise.all([platformOf(db, order.pid), findStatusName(db, order.statusTypeId)]);
  return orderStatusLabel({
    statusName,
    csiStatus: order.csiStatus,
    orderCompleteString: platform.csiOrderCompleteString,
  });
}

/**
 * After order changes commit: every open screen of their platform hears of them (`contentchange`), so order lists
 * refetch and open orders show the new status. A failure to publish is logged, never thrown: the change stands.
 */
export function publishOrderChanges(ctx: TPublishContext, pid: string, activeOrders: TOrderStatusChange[]): void {
  try {
    ctx.deps.realtime.publishContentChange(pid, { activeOrders, numItemsUpdated: activeOrders.length });
  } catch (error) {
    ctx.log.warn({ err: error, pid }, 'contentchange publish failed');
  }
}

/** After new orders commit: their statuses as they show, published as above (a failed lookup is logged too). */
export async function announceOrders(ctx: TPublishContext, pid: string, orders: TQuoteRow[]): Promise<void> {
  const changes = await Promise.all(
    orders.map(async (order) => ({
      id: order.id,
      statusTypeId: order.statusTypeId,
      status: await orderStatusOf(ctx.deps.db, order),
      version: order.version,
    })),
  ).catch((error: unknown) => {
    ctx.log.warn({ err: error, pid }, 'contentchange publish failed');
    return null;
  });
  if (changes) publishOrderChanges(ctx, pid, changes);
}
