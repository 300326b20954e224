import { type TQuote, toCents } from '@cpq/contracts';

/**
 * The payment's amount: the quote's total times 100 in whole cents (spec section 9), worked out from the decimal
 * string itself so that no binary float rounds 1140.57 down to 114056.
 */
export const paymentAmount = (quote: Pick<TQuote, 'totalCost'>): number => toCents(quote.totalCost);
