import type { TQuoteLine } from '@cpq/contracts';
import { spendMailBudget } from '../../adapters/mail/mail-budget';
import type { TTx } from '../../db/client';
import type { TAfterCommit } from '../../db/transaction';
import { insertChangesBy } from '../audit/change-trail';
import type { TQuoteRow } from '../quotes/quotes.repository';
import type { TOrderContext } from './order-context';
import { orderConfirmationMail, type TOrderPayment, typedContactOf } from './order-mails';

/**
 * Puts the order confirmation in the outbox in the order's transaction. A contact address other than the buyer's
 * own spends the mail budget (adapters/mail/mail-budget.ts); past it the order still stands, as it must (a card may
 * already be charged), and the confirmation goes to the buyer alone, saying it was not sent to the contact, with a
 * `mail.withheld` audit event for administrators and a warning in the log.
 */
export async function enqueueOrderConfirmation(
  tx: TTx,
  afterCommit: TAfterCommit,
  ctx: TOrderContext,
  details: { order: TQuoteRow; lines: TQuoteLine[]; payment: TOrderPayment; platformName: string },
): Promise<void> {
  const { order } = details;
  const placedBy = ctx.actor.username;
  const contact = typedContactOf(order, placedBy);
  const budget = contact
    ? await spendMailBudget(ctx.deps, { userId: ctx.actor.userId, pid: order.pid }, 1)
    : ({ allowed: true } as const);
  const withheld = budget.allowed ? null : contact;
  const link = `${ctx.deps.config.publicUrl}/Quote/${order.id}`;
  const mailId = await ctx.deps.mailer.enqueue(
    tx,
    afterCommit,
    orderConfirmationMail({ ...details, placedBy, link, withheld }),
  );
  if (budget.allowed) return;
  await insertChangesBy(tx, ctx, [
    {
      entity: 'mail',
      verb: 'withheld',
      entityId: mailId,
      pid: order.pid,
      data: { quoteId: order.id, limit: budget.scope, recipients: 1 },
    },
  ]);
  ctx.log.warn(
    { quoteId: order.id, mailId, limit: budget.scope },
    'order confirmation not sent to the contact address: mail limit reached',
  );
}
