import {
  isOrder,
  MSG,
  orderStatusLabel,
  type TOrderStatusChange,
  type TParsedRequestOf,
  type TQuote,
} from '@cpq/contracts';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { ALL_PLATFORMS } from '../../lib/platform-scope';
import { insertChangesBy } from '../audit/change-trail';
import { findPlatform } from '../platforms/platforms.repository';
import { quoteTrail } from '../quotes/quote-trails';
import { updateQuoteRow } from '../quotes/quote-writes.repository';
import { loadQuote, type TQuoteRow } from '../quotes/quotes.repository';
import { findVisibleQuote } from '../quotes/quotes.service';
import { assignableStatusType } from '../status-types/status-types.service';
import type { TOrderContext } from './order-context';
import { publishOrderChangesOnCommit } from './order-events';
import { orderStatusMail } from './order-status-mail';

/** What the audit trail compares: the status is the one field this call changes. */
const statusFields = (row: TQuoteRow) => ({ id: row.id, pid: row.pid, type: row.type, statusTypeId: row.statusTypeId });

/**
 * Sets an order's status (a status type of its platform at or below the caller's level; null clears it). The
 * caller is an administrator: level 5 reaches its platform's orders, level 9 every order; others answer NOT_FOUND,
 * and a quote that is not an order answers 409. In one transaction the row is locked, the status and version
 * written, the change audited and the order-status mail put in the outbox for the platform's notification
 * addresses; after the commit `contentchange` tells every open screen of the platform. The same status again
 * changes nothing, mails nothing and publishes nothing.
 */
export async function setOrderStatus(
  ctx: TOrderContext,
  body: TParsedRequestOf<'quoteManagement/setOrderStatus'>,
): Promise<TQuote> {
  const { deps, actor } = ctx;
  const order = await withTransaction(deps.db, ctx.log, async (tx, afterCommit) => {
    const quote = await findVisibleQuote(tx, actor, body.id, true);
    if (!isOrder(quote)) {
      throw new AppError('CONFLICT', MSG.notAnOrder, [{ path: 'id', message: MSG.notAnOrder }]);
    }
    const statusType = await assignableStatusType(tx, actor, quote.pid, body.statusTypeId, 'statusTypeId');
    if (quote.statusTypeId === body.statusTypeId) return quote;
    const order = await updateQuoteRow(tx, quote.id, { statusTypeId: body.statusTypeId });
    await insertChangesBy(tx, ctx, [quoteTrail.updated(statusFields(quote), statusFields(order))]);
    const platform = await findPlatform(tx, ALL_PLATFORMS, order.pid);
    const status = orderStatusLabel({
      statusName: statusType?.name,
      csiStatus: order.csiStatus,
      orderCompleteString: platform?.csiOrderCompleteString,
    });
    const mail = orderStatusMail({
      order,
      status,
      notify: platform?.emailAddresses ?? [],
      changedBy: actor.username,
      link: `${deps.config.publicUrl}/Quote/${order.id}`,
    });
    if (mail) await deps.mailer.enqueue(tx, afterCommit, mail);
    const change: TOrderStatusChange = {
      id: order.id,
      statusTypeId: order.statusTypeId,
      status,
      version: order.version,
    };
    // After the commit, so no screen shows a status that could still roll back.
    publishOrderChangesOnCommit(afterCommit, ctx, order.pid, [change]);
    return order;
  });
  return loadQuote(deps.db, order);
}
