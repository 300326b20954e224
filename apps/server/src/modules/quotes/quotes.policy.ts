import { QUOTE_TYPE } from '@cpq/contracts';
import type { TActor } from '../../http/actor';
import { canSeeOwnedRecord } from '../../lib/owned-records';
import type { TQuoteRow } from './quotes.repository';

/** Levels 0 and 1 see their own quotes, level 5 those of its platform, level 9 all. */
export const canSeeQuote = (actor: TActor, quote: Pick<TQuoteRow, 'pid' | 'createdByUserId'>): boolean =>
  canSeeOwnedRecord(actor, { pid: quote.pid, ownerId: quote.createdByUserId });

/** Lines may be added to or changed on a quote that is neither locked nor already an order. */
export const canChangeLines = (quote: Pick<TQuoteRow, 'isLocked' | 'type'>): boolean =>
  !quote.isLocked && quote.type !== QUOTE_TYPE.Order;

/** The type of a quote the caller creates: public users (level 0) request quotes (type 3), others quote (type 1). */
export const newQuoteType = (actor: Pick<TActor, 'roleLevel'>): 1 | 3 =>
  actor.roleLevel === 0 ? QUOTE_TYPE.QuoteRequest : QUOTE_TYPE.Quote;

/** A line's `quoteCreated` flag: '0' when a public user made it, '1' otherwise. */
export const quoteCreatedFlag = (actor: Pick<TActor, 'roleLevel'>): '0' | '1' => (actor.roleLevel === 0 ? '0' : '1');
