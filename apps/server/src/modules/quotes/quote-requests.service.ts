import {
  isQuote,
  isQuoteRequest,
  MSG,
  msgRequestTakenBy,
  QUOTE_TYPE,
  type TParsedRequestOf,
  type TQuote,
} from '@cpq/contracts';
import { AppError } from '../../lib/app-error';
import { insertChangesBy } from '../audit/change-trail';
import { findVisitorNames } from './quote-requests.repository';
import { quoteTrail } from './quote-trails';
import { updateQuoteRow } from './quote-writes.repository';
import { isRequestTaken } from './quotes.policy';
import { loadQuote, type TQuoteRow } from './quotes.repository';
import { assertUnlocked, assertVersion, findReadableQuote, type TQuoteContext } from './quotes.service';

const notARequest = () => new AppError('CONFLICT', MSG.notAQuoteRequest);
const takenBy = (quote: TQuoteRow) => new AppError('CONFLICT', msgRequestTakenBy(quote.id, quote.createdByEmail));

/** Text a contact field can take from a user's profile: the public user's empty names are no names. */
const known = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

/**
 * Takes a visitor's quote request (level 1 and up, one of their platform; level 9 any): the caller becomes its
 * owner (who asked stays recorded, and the visitor can still read it), and the visitor's address and name fill an
 * empty contact, the quote's way to reach them. Audited. The row is locked first, so of two takers at once the
 * second finds the first's name and is refused (409) as anyone is for a request someone else has taken; the taker
 * asking again gets it unchanged.
 */
export async function takeQuoteRequest(
  ctx: TQuoteContext,
  body: TParsedRequestOf<'quoteManagement/takeQuoteRequest'>,
): Promise<TQuote> {
  const { actor } = ctx;
  const row = await ctx.db.transaction(async (tx) => {
    const quote = await findReadableQuote(tx, actor, body.id, true);
    if (!isQuoteRequest(quote)) throw notARequest();
    if (quote.createdByUserId === actor.userId && isRequestTaken(quote)) return quote;
    if (isRequestTaken(quote)) throw takenBy(quote);
    assertUnlocked(quote);
    const visitor = await findVisitorNames(tx, quote.createdByUserId);
    const taken = await updateQuoteRow(tx, quote.id, {
      createdByUserId: actor.userId,
      createdByEmail: actor.username,
      email: known(quote.email) ?? quote.createdByEmail,
      firstName: known(quote.firstName) ?? known(visitor?.firstName),
      lastName: known(quote.lastName) ?? known(visitor?.lastName),
    });
    await insertChangesBy(tx, ctx, [quoteTrail.updated(quote, taken, { via: 'takeQuoteRequest' })]);
    return taken;
  });
  return loadQuote(ctx.db, row, ctx.actor);
}

/** Why the caller may not convert this request: it is still open, or someone else has it. */
const refusal = (quote: TQuoteRow): AppError =>
  isRequestTaken(quote) ? takenBy(quote) : new AppError('CONFLICT', MSG.takeRequestFirst);

/**
 * Turns a quote request the caller has taken into a quote (type 1), audited. Nothing else changes: the contact
 * keeps the visitor's address and name (copied when it was taken) and the lines keep the prices the server gave
 * them. A quote (the request converted already, a double click) is answered as it is.
 */
export async function convertQuoteRequest(
  ctx: TQuoteContext,
  body: TParsedRequestOf<'quoteManagement/convertQuoteRequest'>,
): Promise<TQuote> {
  const { actor } = ctx;
  const row = await ctx.db.transaction(async (tx) => {
    const quote = await findReadableQuote(tx, actor, body.id, true);
    if (isQuote(quote)) return quote;
    if (!isQuoteRequest(quote)) throw notARequest();
    if (quote.createdByUserId !== actor.userId) throw refusal(quote);
    assertVersion(quote, body.version);
    assertUnlocked(quote);
    const converted = await updateQuoteRow(tx, quote.id, { type: QUOTE_TYPE.Quote });
    await insertChangesBy(tx, ctx, [quoteTrail.updated(quote, converted, { via: 'convertQuoteRequest' })]);
    return converted;
  });
  return loadQuote(ctx.db, row, ctx.actor);
}
