import { DEFAULT_INTEGRATION, orderRefusal } from '@cpq/contracts';
import type { TDbOrTx, TTx } from '../../db/client';
import type { TAfterCommit } from '../../db/transaction';
import type { TJobs } from '../../jobs/job-queue';
import type { TActor } from '../../lib/actor';
import { AppError, assertAllowed } from '../../lib/app-error';
import { assertApprovalAllows } from '../approvals/approval-standing';
import { insertChangesBy } from '../audit/change-trail';
import { quoteLineTrail, quoteTrail } from '../quotes/quote-trails';
import { deleteUnselectedLines } from '../quotes/quote-writes.repository';
import { loadQuote, recomputeQuoteTotals, type TQuoteRow } from '../quotes/quotes.repository';
import { assertVersion } from '../quotes/quotes.service';
import { enqueueOrderConfirmation } from './order-confirmation';
import type { TOrderContext } from './order-context';
import { enqueueOrderDocument } from './order-document';
import { announceOrdersOnCommit, orderPlatformOf } from './order-events';
import type { TOrderPayment } from './order-mails';
import { findCheckoutType, markOrdered } from './orders.repository';

/** The caller's checkout type ('order': purchase order, 'stripe': card), read fresh: an admin may have changed it. */
export async function checkoutTypeOf(db: TDbOrTx, actor: Pick<TActor, 'userId'>): Promise<string> {
  return (await findCheckoutType(db, actor.userId)) ?? 'order';
}

/**
 * Refuses to order a quote that cannot be ordered as the caller last saw it: a quote request (type 3), a locked
 * quote, a quote without lines, a version other than the one the caller read (the lines or total changed), or a
 * quote that meets approval rules and is not approved for what it holds (409 naming the steps).
 */
export async function assertOrderable(db: TDbOrTx, quote: TQuoteRow, version: number): Promise<void> {
  assertAllowed(orderRefusal(quote));
  assertVersion(quote, version);
  await assertApprovalAllows(db, quote);
}

/** Sends a new order to its platform's ERP, once per order (the job's key is the order); `erp/erp-sync.ts` runs it. */
async function enqueueOrderSubmission(
  tx: TTx,
  afterCommit: TAfterCommit,
  jobs: TJobs,
  order: TQuoteRow,
): Promise<void> {
  await jobs.enqueue(tx, afterCommit, {
    queue: 'erp.submitOrder',
    key: `erp.submitOrder:${order.id}`,
    pid: order.pid,
    subject: `Order #${order.id}`,
    payload: { quoteId: order.id },
  });
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
 * transaction, so both happen if and only if the order commits; open screens hear of the order once it has.
 */
export async function convertToOrder(
  tx: TTx,
  afterCommit: TAfterCommit,
  ctx: TOrderContext,
  quote: TQuoteRow,
  payment: TOrderPayment,
): Promise<TQuoteRow> {
  const platform = await orderPlatformOf(tx, quote.pid);
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
  await enqueueOrderDocument(tx, afterCommit, ctx.deps.jobs, order, ctx.actor);
  const { lines = [] } = await loadQuote(tx, order);
  await enqueueOrderConfirmation(tx, afterCommit, ctx, { order, lines, payment, platformName: platform.name });
  // An ERP other than the app itself gets the order through a durable job, sent if and only if the order commits.
  if (platform.integration !== DEFAULT_INTEGRATION) await enqueueOrderSubmission(tx, afterCommit, ctx.deps.jobs, order);
  announceOrdersOnCommit(afterCommit, ctx, order.pid, [order]);
  return order;
}
