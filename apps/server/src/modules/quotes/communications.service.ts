import type { TCommunication, TParsedRequestOf, TResultOf } from '@cpq/contracts';
import { insertCommunication, listCommunications } from './quote-writes.repository';
import { assertUnlocked, findReadableQuote, findVisibleQuote, type TQuoteContext } from './quotes.service';

/**
 * Adds a comment to a quote the caller may see (not a locked one); the writer is the caller, whatever username the body
 * names.
 */
export async function createCommunication(
  ctx: TQuoteContext,
  input: TParsedRequestOf<'quoteManagement/createCommunication'>['input'],
): Promise<TCommunication> {
  const quote = await findVisibleQuote(ctx.db, ctx.actor, input.quoteId);
  assertUnlocked(quote);
  return insertCommunication(ctx.db, {
    quoteId: quote.id,
    pid: quote.pid,
    userId: ctx.actor.userId,
    username: ctx.actor.username,
    comment: input.comment,
  });
}

/** A quote's comments, oldest first (of a quote the caller may read). */
export async function getCommunications(
  ctx: TQuoteContext,
  quoteId: number,
): Promise<TResultOf<'quoteManagement/getCommunications'>> {
  const quote = await findReadableQuote(ctx.db, ctx.actor, quoteId);
  const rows = await listCommunications(ctx.db, quote.id);
  return { rows, count: rows.length };
}
