import { ACCEPT_MSG } from '@cpq/contracts';
import { ApiError, errorText } from '../../../lib/api';
import { checkoutProblem, type TCheckoutProblem } from '../../checkout/logic/checkout-errors';

export const CHANGED_WHILE_READING = `${ACCEPT_MSG.viewChanged} We have loaded it again: check the lines and the total. Nothing was charged.`;

/**
 * A failed acceptance as the Accept panel says it: the checkout's words for cards; for a 409 (the quote changed,
 * expired, or was accepted meanwhile: the page reads it again) the server's, and a changed quote says it was reloaded.
 */
export function acceptProblem(error: unknown): TCheckoutProblem {
  if (error instanceof ApiError && error.status === 409) {
    const text = error.message === ACCEPT_MSG.viewChanged ? CHANGED_WHILE_READING : errorText(error);
    return { severity: 'warning', text, canReload: false };
  }
  return checkoutProblem(error);
}
