import { msgConfirmationWithheld } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { renderMail } from '../../adapters/mail/layout';
import { spendMailBudget } from '../../adapters/mail/mail-budget';
import type { TTx } from '../../db/client';
import type { TAfterCommit } from '../../db/transaction';
import type { TAppDeps, TMailAttachment, TMailMessage } from '../../deps';
import { acceptedAtText } from '../../pdf/signed-quote.render';
import { insertChangeEvents } from '../audit/audit.repository';
import type { TQuoteRow } from '../quotes/quotes.repository';
import type { TAcceptanceRow, TShareRow } from './quote-shares.repository';

type TSignedMail = {
  order: TQuoteRow;
  acceptance: TAcceptanceRow;
  share: TShareRow;
  platformName: string;
  attachment: TMailAttachment;
};

const FOOTNOTE = 'Keep this e-mail for your records. Reply to your sales contact with any question about the order.';

const paidText = (acceptance: TAcceptanceRow): string =>
  acceptance.paidBy === 'card' ? 'Paid by card.' : `Purchase order: ${acceptance.poNumber ?? ''}.`;

/** To the customer, at the address the quote was shared with: their signed quote, attached. No link: no account. */
function customerMail({ order, acceptance, share, platformName, attachment }: TSignedMail): TMailMessage {
  return {
    to: [share.email],
    pid: order.pid,
    subject: `Your signed quote #${order.id}`,
    attachments: [attachment],
    ...renderMail({
      heading: `Thank you! You accepted quote #${order.id}.`,
      paragraphs: [
        `Hello ${acceptance.signerName},`,
        `${platformName} received your acceptance on ${acceptedAtText(acceptance.acceptedAt)}: the quote is now order #${order.id}.`,
        paidText(acceptance),
        'The signed quote is attached: the quote as you accepted it, and a last page with your signature.',
      ],
      footnote: FOOTNOTE,
    }),
  };
}

/** To the quote's owner (the rep): who accepted, when, from where, how it is paid; the signed quote attached. */
function ownerMail(mail: TSignedMail, withheld: string | null, link: string): TMailMessage {
  const { order, acceptance, platformName, attachment } = mail;
  return {
    to: [order.createdByEmail],
    pid: order.pid,
    subject: `Quote #${order.id} was accepted`,
    attachments: [attachment],
    ...renderMail({
      heading: `Quote #${order.id} was accepted and is now an order.`,
      paragraphs: [
        `${acceptance.signerName} (${acceptance.signerTitle}) accepted it through its link on ${acceptedAtText(acceptance.acceptedAt)}, from address ${acceptance.ip ?? 'not known'}.`,
        paidText(acceptance),
        `The signed quote is attached and listed with the order's documents in ${platformName}.`,
        ...(withheld ? [msgConfirmationWithheld(withheld)] : []),
      ],
      action: { label: `View order #${order.id}`, url: link },
      footnote: FOOTNOTE,
    }),
  };
}

/**
 * Puts the signed quote's two mails in the outbox, in the transaction that stores the document: one to the address
 * the quote was shared with, one to its owner. The customer's address is one the rep typed, so it spends the
 * owner's mail budget as an order's contact does; past it only the owner is mailed, told so, with a `mail.withheld`
 * audit event and a warning in the log.
 */
export async function enqueueSignedQuoteMails(
  tx: TTx,
  afterCommit: TAfterCommit,
  deps: Pick<TAppDeps, 'mailer' | 'limiter' | 'config'>,
  log: FastifyBaseLogger,
  mail: TSignedMail,
): Promise<void> {
  const { order, share } = mail;
  const isOwnAddress = share.email.trim().toLowerCase() === order.createdByEmail.trim().toLowerCase();
  const budget = isOwnAddress
    ? ({ allowed: true } as const)
    : await spendMailBudget(deps, { userId: order.createdByUserId, pid: order.pid }, 1);
  if (budget.allowed && !isOwnAddress) await deps.mailer.enqueue(tx, afterCommit, customerMail(mail));
  const withheld = budget.allowed ? null : share.email;
  const mailId = await deps.mailer.enqueue(
    tx,
    afterCommit,
    ownerMail(mail, withheld, `${deps.config.publicUrl}/Quote/${order.id}`),
  );
  if (budget.allowed) return;
  // The owner's budget was spent: the event is theirs, from no address (a job sends it, not a request).
  await insertChangeEvents(tx, [
    {
      entity: 'mail',
      verb: 'withheld',
      entityId: mailId,
      pid: order.pid,
      actorUserId: order.createdByUserId,
      data: { quoteId: order.id, limit: budget.scope, recipients: 1 },
    },
  ]);
  log.warn(
    { quoteId: order.id, mailId, limit: budget.scope },
    'signed quote not sent to the customer: mail limit reached',
  );
}
