import { describe, expect, it } from 'vitest';
import { PORTAL_MSG } from './api/quote-portal';
import { QUOTE_TYPE } from './enums';
import { MSG } from './messages';
import {
  canChangeQuote,
  deleteRefusal,
  headerChangeRefusal,
  isOrder,
  isQuote,
  isQuoteRequest,
  lineChangeRefusal,
  linkActionRefusal,
  lockChangeRefusal,
  lockRefusal,
  MSG_OPTIONAL_QUOTES_ONLY,
  MSG_REQUEST_NOT_ORDERABLE,
  optionalLineRefusal,
  orderRefusal,
  printRefusal,
  requestAction,
  rmaRefusal,
  shareRefusal,
  type TQuoteState,
} from './quote-state';

const quote = (over: Partial<TQuoteState> = {}): TQuoteState => ({
  type: QUOTE_TYPE.Quote,
  isLocked: false,
  lineCount: 1,
  ...over,
});
const order = quote({ type: QUOTE_TYPE.Order });
const request = quote({ type: QUOTE_TYPE.QuoteRequest });
const locked = quote({ isLocked: true });
const empty = quote({ lineCount: 0 });
const conflict = (message: string) => ({ code: 'CONFLICT', message });

describe('quote types', () => {
  it('names each type once', () => {
    expect([isQuote(quote()), isOrder(quote()), isQuoteRequest(quote())]).toEqual([true, false, false]);
    expect([isQuote(order), isOrder(order), isQuoteRequest(order)]).toEqual([false, true, false]);
    expect([isQuote(request), isOrder(request), isQuoteRequest(request)]).toEqual([false, false, true]);
  });
});

describe('refusals', () => {
  it('allow an unlocked quote with lines everything a quote does', () => {
    const open = quote();
    for (const rule of [lockRefusal, lineChangeRefusal, headerChangeRefusal, deleteRefusal, printRefusal]) {
      expect(rule(open)).toBeNull();
    }
    expect([orderRefusal(open), shareRefusal(open), optionalLineRefusal(open)]).toEqual([null, null, null]);
    expect([lockChangeRefusal(open, true), lockChangeRefusal(open, false), linkActionRefusal(open)]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('refuse every change to a locked quote with the lock message, before any other reason', () => {
    const lockedOrder = quote({ type: QUOTE_TYPE.Order, isLocked: true, lineCount: 0 });
    for (const rule of [lockRefusal, lineChangeRefusal, headerChangeRefusal, deleteRefusal, printRefusal]) {
      expect(rule(lockedOrder)).toEqual(conflict(MSG.quoteLocked));
    }
    expect(orderRefusal(locked)).toEqual(conflict(MSG.quoteLocked));
    expect(shareRefusal(locked)).toEqual(conflict(MSG.quoteLocked));
    expect(linkActionRefusal(locked)).toEqual(conflict(PORTAL_MSG.locked));
  });

  it('keep an order fixed: its lines, header, existence and lock', () => {
    expect(lineChangeRefusal(order)).toEqual(conflict(MSG.orderLinesFixed));
    expect(headerChangeRefusal(order)).toEqual(conflict(MSG.orderReadOnly));
    expect(deleteRefusal(order)).toEqual(conflict(MSG.orderNotDeletable));
    expect(lockChangeRefusal(order, true)).toEqual(conflict(MSG.orderNotLockable));
    expect(lockChangeRefusal(order, false)).toBeNull();
    expect(shareRefusal(order)).toEqual(conflict(PORTAL_MSG.shareQuotesOnly));
    expect(optionalLineRefusal(order)).toEqual(conflict(MSG_OPTIONAL_QUOTES_ONLY));
  });

  it('print and order only a quote with lines, as a validation failure', () => {
    expect(printRefusal(empty)).toEqual({ code: 'VALIDATION_FAILED', message: MSG.addLine });
    expect(orderRefusal(empty)).toEqual({ code: 'VALIDATION_FAILED', message: MSG.addLine });
  });

  it('order no quote request, even a locked one without lines', () => {
    expect(orderRefusal({ ...request, isLocked: true, lineCount: 0 })).toEqual(conflict(MSG_REQUEST_NOT_ORDERABLE));
    expect(shareRefusal(request)).toEqual(conflict(PORTAL_MSG.shareQuotesOnly));
    expect(optionalLineRefusal(request)).toEqual(conflict(MSG_OPTIONAL_QUOTES_ONLY));
    expect(lineChangeRefusal(request)).toBeNull();
  });

  it('return only an order', () => {
    expect(rmaRefusal(order)).toBeNull();
    expect(rmaRefusal(quote())).toEqual(conflict(MSG.rmaOnlyOrders));
    expect(rmaRefusal(request)).toEqual(conflict(MSG.rmaOnlyOrders));
  });
});

describe('callers', () => {
  const own = { pid: 'p1', createdByUserId: 7 };
  it('let level 9 change any quote, level 5 its platform’s, others their own', () => {
    expect(canChangeQuote({ userId: 1, roleLevel: 9, pid: 'p2' }, own)).toBe(true);
    expect(canChangeQuote({ userId: 1, roleLevel: 5, pid: 'p1' }, own)).toBe(true);
    expect(canChangeQuote({ userId: 1, roleLevel: 5, pid: 'p2' }, own)).toBe(false);
    expect(canChangeQuote({ userId: 7, roleLevel: 1, pid: 'p1' }, own)).toBe(true);
    expect(canChangeQuote({ userId: 8, roleLevel: 1, pid: 'p1' }, own)).toBe(false);
    expect(canChangeQuote({ userId: 7, roleLevel: 1, pid: 'p2' }, own)).toBe(false);
  });

  it('let a registered caller take an open request and convert one they took', () => {
    const open = { ...request, createdByUserId: 3, takenBy: null };
    expect(requestAction({ userId: 7, roleLevel: 1 }, open)).toBe('take');
    expect(requestAction({ userId: 7, roleLevel: 1 }, { ...open, takenBy: 'rep@x' })).toBe('none');
    expect(requestAction({ userId: 7, roleLevel: 1 }, { ...open, createdByUserId: 7, takenBy: 'me' })).toBe('convert');
    expect(requestAction({ userId: 3, roleLevel: 0 }, open)).toBe('none');
    expect(requestAction({ userId: 7, roleLevel: 5 }, { ...open, type: QUOTE_TYPE.Quote })).toBe('none');
  });
});
