import { ADMIN_LEVEL, canChangeQuote, isQuoteRequest, MSG, QUOTE_TYPE, ROLE_LEVEL } from '@cpq/contracts';
import type { TActor } from '../../lib/actor';
import type { TQuoteRow } from './quote-rows';

/** Levels 0 and 1 see their own quotes, level 5 those of its platform, level 9 all. */
export const canSeeQuote = (actor: TActor, quote: Pick<TQuoteRow, 'pid' | 'createdByUserId'>): boolean =>
  canChangeQuote(actor, quote);

/**
 * Who may read a quote: whoever may see it; on a quote request, registered users (level 1 and up) of its platform,
 * whose incoming lead it is, and the visitor who asked, after a rep has taken it too. Reading is not editing:
 * writers keep to `canSeeQuote`.
 */
export const canReadQuote = (
  actor: TActor,
  quote: Pick<TQuoteRow, 'pid' | 'createdByUserId' | 'requestedByUserId' | 'type'>,
): boolean =>
  canSeeQuote(actor, quote) ||
  (isQuoteRequest(quote) &&
    quote.pid === actor.pid &&
    (actor.roleLevel >= ROLE_LEVEL.registered || quote.requestedByUserId === actor.userId));

/** A quote request is taken once its owner is someone other than who asked. */
export const isRequestTaken = (quote: Pick<TQuoteRow, 'createdByUserId' | 'requestedByUserId'>): boolean =>
  quote.requestedByUserId !== null && quote.createdByUserId !== quote.requestedByUserId;

/** The type of a quote the caller creates: public users (level 0) request quotes (type 3), others quote (type 1). */
export const newQuoteType = (actor: Pick<TActor, 'roleLevel'>): 1 | 3 =>
  actor.roleLevel === 0 ? QUOTE_TYPE.QuoteRequest : QUOTE_TYPE.Quote;

/** A line's `quoteCreated` flag: '0' when a public user made it, '1' otherwise. */
export const quoteCreatedFlag = (actor: Pick<TActor, 'roleLevel'>): '0' | '1' => (actor.roleLevel === 0 ? '0' : '1');

/** A contact autofilled from a customer (the quote has an erpId and a chosen customer) is edited on /Customers. */
export const isContactAutofilled = (quote: Pick<TQuoteRow, 'erpId' | 'contactId'>): boolean =>
  quote.erpId !== null && quote.contactId !== null;

/** What the caller is told when editing an autofilled contact: administrators are sent to the customers page. */
export const autofilledMessage = (actor: Pick<TActor, 'roleLevel'>): string =>
  actor.roleLevel >= ADMIN_LEVEL ? MSG.customerAutofilledAdmin : MSG.customerAutofilled;
