import { ADMIN_LEVEL, MSG, QUOTE_TYPE, ROLE_LEVEL } from '@cpq/contracts';
import type { TActor } from '../../http/actor';
import { canSeeOwnedRecord } from '../../lib/owned-records';
import type { TQuoteRow } from './quotes.repository';

/** Levels 0 and 1 see their own quotes, level 5 those of its platform, level 9 all. */
export const canSeeQuote = (actor: TActor, quote: Pick<TQuoteRow, 'pid' | 'createdByUserId'>): boolean =>
  canSeeOwnedRecord(actor, { pid: quote.pid, ownerId: quote.createdByUserId });

/**
 * Who may read a quote: whoever may see it, and registered users (level 1 and up) the quote requests of their
 * platform, which are its incoming leads. Reading is not editing: writers keep to `canSeeQuote`.
 */
export const canReadQuote = (actor: TActor, quote: Pick<TQuoteRow, 'pid' | 'createdByUserId' | 'type'>): boolean =>
  canSeeQuote(actor, quote) ||
  (quote.type === QUOTE_TYPE.QuoteRequest && actor.roleLevel >= ROLE_LEVEL.registered && quote.pid === actor.pid);

/** A quote request waits for a taker while its owner is a public user (or gone); a registered owner has taken it. */
export const isRequestTaken = (owner: { roleLevel: number } | null): boolean =>
  owner !== null && owner.roleLevel >= ROLE_LEVEL.registered;

/** The type of a quote the caller creates: public users (level 0) request quotes (type 3), others quote (type 1). */
export const newQuoteType = (actor: Pick<TActor, 'roleLevel'>): 1 | 3 =>
  actor.roleLevel === 0 ? QUOTE_TYPE.QuoteRequest : QUOTE_TYPE.Quote;

/** A line's `quoteCreated` flag: '0' when a public user made it, '1' otherwise. */
export const quoteCreatedFlag = (actor: Pick<TActor, 'roleLevel'>): '0' | '1' => (actor.roleLevel === 0 ? '0' : '1');

/** Why a quote takes no change at all now (an administrator locked it), or null when it does. */
export const lockRefusal = (quote: Pick<TQuoteRow, 'isLocked'>): string | null =>
  quote.isLocked ? MSG.quoteLocked : null;

/** Why a quote's lines cannot change now (locked, or already an order), or null when they can. */
export function lineChangeRefusal(quote: Pick<TQuoteRow, 'isLocked' | 'type'>): string | null {
  const locked = lockRefusal(quote);
  if (locked !== null) return locked;
  if (quote.type === QUOTE_TYPE.Order) return MSG.orderLinesFixed;
  return null;
}

/** A contact autofilled from a customer (the quote has an erpId and a chosen customer) is edited on /Customers. */
export const isContactAutofilled = (quote: Pick<TQuoteRow, 'erpId' | 'contactId'>): boolean =>
  quote.erpId !== null && quote.contactId !== null;

/** What the caller is told when editing an autofilled contact: administrators are sent to the customers page. */
export const autofilledMessage = (actor: Pick<TActor, 'roleLevel'>): string =>
  actor.roleLevel >= ADMIN_LEVEL ? MSG.customerAutofilledAdmin : MSG.customerAutofilled;
