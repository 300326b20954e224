import { lockChangeRefusal, type TParsedRequestOf, type TQuote } from '@cpq/contracts';
import { assertAllowed } from '../../lib/app-error';
import { insertChangesBy } from '../audit/change-trail';
import { quoteTrail } from './quote-trails';
import { updateQuoteRow } from './quote-writes.repository';
import { loadQuote } from './quotes.repository';
import { assertVersion, findVisibleQuote, type TQuoteContext } from './quotes.service';

/**
 * Locks or unlocks a quote (administrators: level 5 its platform's, level 9 any; the route admits only them). A
 * locked quote refuses every change until it is unlocked. The change bumps the version and is audited (the trail's
 * `isLocked` field, with who and from where); asking for the state the quote is in answers it unchanged.
 */
export async function setQuoteLock(
  ctx: TQuoteContext,
  body: TParsedRequestOf<'quoteManagement/lockQuote'>,
  isLocked: boolean,
): Promise<TQuote> {
  const row = await ctx.db.transaction(async (tx) => {
    const quote = await findVisibleQuote(tx, ctx.actor, body.id, true);
    assertVersion(quote, body.version);
    assertAllowed(lockChangeRefusal(quote, isLocked));
    if (quote.isLocked === isLocked) return quote;
    const updated = await updateQuoteRow(tx, quote.id, { isLocked });
    await insertChangesBy(tx, ctx, [quoteTrail.updated(quote, updated, { via: isLocked ? 'lock' : 'unlock' })]);
    return updated;
  });
  return loadQuote(ctx.db, row, ctx.actor);
}
