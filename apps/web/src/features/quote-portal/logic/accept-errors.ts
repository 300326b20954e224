import { ApiError } from '../../../lib/api';
import { checkoutProblem, type TCheckoutProblem } from '../../checkout/logic/checkout-errors';

export const CHANGED_WHILE_READING =
  'This quote changed while you were reading it, so it was not accepted and nothing was charged. We have loaded it ' +
  'again: check the lines and the total, then accept it again.';

/** A failed acceptance as the Accept panel says it: the checkout's words for cards, its own for a changed quote. */
export function acceptProblem(error: unknown): TCheckoutProblem {
  if (error instanceof ApiError && error.status === 409) {
    return { severity: 'warning', text: CHANGED_WHILE_READING, canReload: false };
  }
  return checkoutProblem(error);
}
