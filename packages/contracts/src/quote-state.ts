import { PORTAL_MSG } from './api/quote-portal';
import { APPROVAL_MSG, msgApprovalRequired } from './approval-messages';
import type { TApprovalState } from './entities/approvals';
import { ADMIN_LEVEL, QUOTE_TYPE, ROLE_LEVEL, SUPER_ADMIN_LEVEL } from './enums';
import type { TErrorCode } from './errors';
import { MSG } from './messages';

/**
 * What a quote's state allows, in one place for the server's services and the web's screens: each rule reads only
 * the quote's type, lock, line count and owner (and the caller's level), and answers null when the action is allowed,
 * else the refusal the API answers (its code and its message), so a button and the route behind it always agree.
 */

/** The fields of a quote the state rules read. */
export type TQuoteState = { type: number; isLocked: boolean; lineCount: number };

/** Why an action is refused: the API's error code and the message the caller is shown. */
export type TQuoteRefusal = {
  code: Extract<TErrorCode, 'CONFLICT' | 'VALIDATION_FAILED' | 'FORBIDDEN'>;
  message: string;
};

/** Said when a quote request is ordered: only a quote (type 1) becomes an order. */
export const MSG_REQUEST_NOT_ORDERABLE =
  'This is a quote request: a sales representative turns it into a quote before it can be ordered.';

/** Said when a line of a quote request or an order is made optional: only a quote's customer chooses lines. */
export const MSG_OPTIONAL_QUOTES_ONLY =
  'Only a quote’s lines can be optional: convert the quote request into a quote first.';

const conflict = (message: string): TQuoteRefusal => ({ code: 'CONFLICT', message });

/** A placed order (type 2): its lines, header and documents are fixed. */
export const isOrder = (quote: Pick<TQuoteState, 'type'>): boolean => quote.type === QUOTE_TYPE.Order;

/** A quote (type 1), neither a request nor an order. */
export const isQuote = (quote: Pick<TQuoteState, 'type'>): boolean => quote.type === QUOTE_TYPE.Quote;

/** A visitor's quote request (type 3), which a rep takes and converts into a quote. */
export const isQuoteRequest = (quote: Pick<TQuoteState, 'type'>): boolean => quote.type === QUOTE_TYPE.QuoteRequest;

/** Why a quote takes no change at all now (an administrator locked it), or null when it does. */
export const lockRefusal = (quote: Pick<TQuoteState, 'isLocked'>): TQuoteRefusal | null =>
  quote.isLocked ? conflict(MSG.quoteLocked) : null;

/** Why a quote's lines cannot change now (locked, or already an order), or null when they can. */
export const lineChangeRefusal = (quote: Pick<TQuoteState, 'isLocked' | 'type'>): TQuoteRefusal | null =>
  lockRefusal(quote) ?? (isOrder(quote) ? conflict(MSG.orderLinesFixed) : null);

/** Why a quote's header (details, customer, PO number) cannot change: locked, or a placed order. */
export const headerChangeRefusal = (quote: Pick<TQuoteState, 'isLocked' | 'type'>): TQuoteRefusal | null =>
  lockRefusal(quote) ?? (isOrder(quote) ? conflict(MSG.orderReadOnly) : null);

/** Why a quote cannot be deleted: locked, or a placed order (a record). */
export const deleteRefusal = (quote: Pick<TQuoteState, 'isLocked' | 'type'>): TQuoteRefusal | null =>
  lockRefusal(quote) ?? (isOrder(quote) ? conflict(MSG.orderNotDeletable) : null);

/** Why a quote cannot be locked (`isLocked` true) or unlocked: an order is fixed already and takes no lock. */
export const lockChangeRefusal = (quote: Pick<TQuoteState, 'type'>, isLocked: boolean): TQuoteRefusal | null =>
  isLocked && isOrder(quote) ? conflict(MSG.orderNotLockable) : null;

/** Why a quote document or an order write-up cannot be printed: locked, or without lines. */
export const printRefusal = (quote: Pick<TQuoteState, 'isLocked' | 'lineCount'>): TQuoteRefusal | null =>
  lockRefusal(quote) ?? (quote.lineCount < 1 ? { code: 'VALIDATION_FAILED', message: MSG.addLine } : null);

/** Why a quote cannot be ordered: a quote request, locked, or without lines. */
export const orderRefusal = (quote: TQuoteState): TQuoteRefusal | null =>
  isQuoteRequest(quote) ? conflict(MSG_REQUEST_NOT_ORDERABLE) : printRefusal(quote);

/** Why a quote cannot be shared on a link: only an unlocked quote (type 1) can. */
export const shareRefusal = (quote: Pick<TQuoteState, 'isLocked' | 'type'>): TQuoteRefusal | null =>
  isQuote(quote) ? lockRefusal(quote) : conflict(PORTAL_MSG.shareQuotesOnly);

/** Why a quote's lines cannot be made optional or required: only a quote's can. */
export const optionalLineRefusal = (quote: Pick<TQuoteState, 'type'>): TQuoteRefusal | null =>
  isQuote(quote) ? null : conflict(MSG_OPTIONAL_QUOTES_ONLY);

/** Why a quote cannot have RMAs (return authorisations): only an order can. */
export const rmaRefusal = (quote: Pick<TQuoteState, 'type'>): TQuoteRefusal | null =>
  isOrder(quote) ? null : conflict(MSG.rmaOnlyOrders);

/**
 * Why the customer on a quote link cannot act now (choose lines, comment, accept): the rep's side locked the quote.
 * The link's own words, not the rep's: the customer cannot unlock it.
 */
export const linkActionRefusal = (quote: Pick<TQuoteState, 'isLocked'>): TQuoteRefusal | null =>
  quote.isLocked ? conflict(PORTAL_MSG.locked) : null;

/** The caller as the state rules read it: who, at which level, of which platform. */
/**
 * Why the caller may not give a discount (a line's or the quote's): a visitor (level 0) prices nothing of their own
 * request; registered users and above do, on the quotes they may change.
 */
export const discountRefusal = (caller: { roleLevel: number }): TQuoteRefusal | null =>
  caller.roleLevel >= ROLE_LEVEL.registered ? null : { code: 'FORBIDDEN', message: MSG.discountForbidden };

export type TQuoteCaller = { userId: number; roleLevel: number; pid: string };

/** The owner of a quote as the state rules read it. */
export type TQuoteOwner = { pid?: string | undefined; createdByUserId?: number | undefined };

/** Whether the caller may change the quote: level 9 any, level 5 those of its platform, others their own. */
export function canChangeQuote(caller: TQuoteCaller, quote: TQuoteOwner): boolean {
  if (caller.roleLevel >= SUPER_ADMIN_LEVEL) return true;
  if (caller.pid !== quote.pid) return false;
  return caller.roleLevel >= ADMIN_LEVEL || caller.userId === quote.createdByUserId;
}

/** What a caller can do with a quote request: take it (open), convert it (theirs), or only look (someone else's). */
export type TRequestAction = 'take' | 'convert' | 'none';

/** A registered caller takes an open quote request and converts one they took; nobody acts on other quotes. */
export function requestAction(
  caller: Pick<TQuoteCaller, 'userId' | 'roleLevel'>,
  quote: Pick<TQuoteState, 'type'> & { createdByUserId: number; takenBy: string | null },
): TRequestAction {
  if (caller.roleLevel < ROLE_LEVEL.registered || !isQuoteRequest(quote)) return 'none';
  if (quote.createdByUserId === caller.userId) return 'convert';
  return quote.takenBy === null ? 'take' : 'none';
}

/** A quote's approval as the state rules read it: where it stands and the names of the steps it needs. */
export type TApprovalStanding = { state: TApprovalState; stepNames: readonly string[] };

/**
 * Why a quote cannot be printed as final, ordered or paid for its approval: it meets rules and is not approved for
 * what it holds now (409 naming the steps), or null.
 */
export const approvalRefusal = (approval: TApprovalStanding): TQuoteRefusal | null =>
  approval.state === 'notNeeded' || approval.state === 'approved'
    ? null
    : conflict(msgApprovalRequired(approval.stepNames));

/** Why a quote cannot be submitted for approval: not a quote, locked, meets no rule, or waiting or approved already. */
export function submitRefusal(
  quote: Pick<TQuoteState, 'isLocked' | 'type'>,
  approval: Pick<TApprovalStanding, 'state'>,
): TQuoteRefusal | null {
  if (!isQuote(quote)) return conflict(APPROVAL_MSG.quotesOnly);
  const locked = lockRefusal(quote);
  if (locked) return locked;
  if (approval.state === 'notNeeded') return conflict(APPROVAL_MSG.notNeeded);
  if (approval.state === 'submitted') return conflict(APPROVAL_MSG.alreadySubmitted);
  if (approval.state === 'approved') return conflict(APPROVAL_MSG.alreadyApproved);
  return null;
}

/** Why an approver cannot approve or reject a quote now: it is not waiting for approval. */
export const decisionRefusal = (approval: Pick<TApprovalStanding, 'state'>): TQuoteRefusal | null =>
  approval.state === 'submitted' ? null : conflict(APPROVAL_MSG.notSubmitted);
