import type { TParsedRequestOf, TResultOf } from '@cpq/contracts';
import { assertMailBudget } from '../../adapters/mail/mail-budget';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../../lib/platform-scope';
import { insertChangesBy } from '../audit/change-trail';
import { mailDocument, mailHtmlToText, sanitizeMailHtml } from './mail-html';
import { findKnownAddresses } from './mail-recipients.repository';
import type { TOrderContext } from './order-context';

type TSendEmail = TParsedRequestOf<'administration/sendEmail'>;
type TSendEmailRoute = 'administration/sendEmail' | 'quoteManagement/sendOrderStatusEmails';

const EMPTY_MESSAGE = 'Write a message: nothing is left of it once scripts and other active content are removed.';

/** Refuses the addresses the caller may not mail, naming them; nothing is sent then. */
async function assertMailable(ctx: TOrderContext, recipients: string[]): Promise<void> {
  const known = await findKnownAddresses(ctx.deps.db, scopeOf(ctx.actor), recipients);
  const refused = recipients.filter((email) => !known.has(email));
  if (refused.length === 0) return;
  const message = `You cannot send e-mail to ${refused.join(', ')}: only to your platform’s notification addresses, users, customers and quote contacts.`;
  throw new AppError('VALIDATION_FAILED', message, [{ path: 'emails', message }]);
}

/**
 * Sends one e-mail to up to 50 recipients through the outbox: the HTML sanitised (see mail-html.ts) with a
 * plain-text alternative, the subject on one line. Recipients must be addresses the caller's platform knows (level
 * 9: any platform's); an unknown one refuses the whole call. Each recipient spends the caller's and their
 * platform's mail budget; past it the call answers 429 and sends nothing. Audited as `mail.created` with the route and the
 * number of recipients (not the addresses or the text).
 */
export async function sendEmail(
  ctx: TOrderContext,
  body: TSendEmail,
  via: TSendEmailRoute,
): Promise<TResultOf<'administration/sendEmail'>> {
  const recipients = [...new Set(body.emails)];
  await assertMailable(ctx, recipients);
  const html = sanitizeMailHtml(body.htmlBody);
  const text = mailHtmlToText(html);
  if (text === '')
    throw new AppError('VALIDATION_FAILED', EMPTY_MESSAGE, [{ path: 'htmlBody', message: EMPTY_MESSAGE }]);
  const subject = body.subject.replace(/\s+/g, ' ');
  const { deps, actor } = ctx;
  await assertMailBudget(deps, { userId: actor.userId, pid: actor.pid }, recipients.length);
  await withTransaction(deps.db, ctx.log, async (tx, afterCommit) => {
    const id = await deps.mailer.enqueue(tx, afterCommit, {
      to: recipients,
      pid: actor.pid,
      subject,
      html: mailDocument(subject, html),
      text,
    });
    await insertChangesBy(tx, ctx, [
      { entity: 'mail', verb: 'created', entityId: id, pid: actor.pid, data: { via, recipients: recipients.length } },
    ]);
  });
  return { ok: true, recipients: recipients.length };
}
