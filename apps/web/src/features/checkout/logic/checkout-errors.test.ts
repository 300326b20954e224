import { MSG } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { makeQuote } from '../../quotes/quote-fixtures.test-support';
import { CHECKOUT_MESSAGES, checkoutProblem } from './checkout-errors';
import { orderBlock } from './order-blocks';

describe('checkoutProblem', () => {
  it('a declined card shows the provider’s message and what to do', () => {
    const declined = new ApiError('Your card was declined.', 'PAYMENT_DECLINED', 402);
    expect(checkoutProblem(declined)).toEqual({
      severity: 'error',
      text: 'Your card was declined. Use another card or contact your bank.',
      canReload: false,
    });
  });

  it('an unreachable provider says nothing was charged; a changed quote offers Reload', () => {
    expect(checkoutProblem(new ApiError('Bad gateway', 'PAYMENT_UNAVAILABLE', 502)).text).toBe(
      CHECKOUT_MESSAGES.unavailable,
    );
    expect(CHECKOUT_MESSAGES.unavailable).toContain('nothing was charged');
    expect(checkoutProblem(new ApiError(MSG.conflict, 'CONFLICT', 409))).toEqual({
      severity: 'warning',
      text: CHECKOUT_MESSAGES.conflict,
      canReload: true,
    });
  });

  it('other failures keep the server’s message', () => {
    expect(checkoutProblem(new ApiError(MSG.quoteLocked, 'BAD_REQUEST', 400)).text).toBe(MSG.quoteLocked);
  });
});

describe('orderBlock', () => {
  it('a locked quote or one without lines cannot be ordered', () => {
    expect(orderBlock(makeQuote({ isLocked: true, lineCount: 2 }))).toBe(MSG.quoteLocked);
    expect(orderBlock(makeQuote({ lineCount: 0, lines: [] }))).toBe(MSG.addLine);
    expect(orderBlock(makeQuote({ lineCount: 1, lines: undefined }))).toBeNull();
  });
});
