import type { TQuote, TQuotePatch } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { QUOTE_LISTS_KEY } from '../../quote-lists/hooks/use-quote-list-mutations';
import { quotesApi } from '../../quotes/api/quotes.api';
import { keepQuote } from '../../quotes/hooks/use-quote-mutations';
import { checkoutApi } from '../api/checkout.api';
import { paymentAmount } from '../logic/amount';
import { CHECKOUT_MESSAGES } from '../logic/checkout-errors';
import type { TThankYouState } from '../pages/thank-you-state';

export const PAYMENT_CONFIG_KEY = ['payments', 'config'] as const;

/** Which card form to show (the test gateway or Stripe); asked only for card-checkout users. */
export const usePaymentConfig = (isEnabled: boolean) =>
  useQuery({
    queryKey: PAYMENT_CONFIG_KEY,
    queryFn: ({ signal }) => checkoutApi.getPaymentConfig(signal),
    enabled: isEnabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * An order call that runs once at a time: a second click (or Enter) while one is in flight does nothing (the server
 * is idempotent as well). On success the quote and every list show the order, and the buyer sees /ThankYou.
 */
function useOrderCall<TArgs>(quoteId: number, run: (args: TArgs) => Promise<TQuote>) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const isBusy = useRef(false);
  const mutation = useMutation({
    mutationKey: ['quotes', quoteId, 'order'],
    mutationFn: run,
    onSuccess: (order) => {
      keepQuote(client, order);
      void client.invalidateQueries({ queryKey: ['quotes', order.id] });
      void client.invalidateQueries({ queryKey: QUOTE_LISTS_KEY });
      const state: TThankYouState = { orderId: order.id, email: order.contact?.email ?? undefined };
      navigate('/ThankYou', { state });
    },
    onSettled: () => {
      isBusy.current = false;
    },
  });
  const submit = (args: TArgs) => {
    if (isBusy.current) return;
    isBusy.current = true;
    mutation.mutate(args);
  };
  return { submit, isPending: mutation.isPending, error: mutation.error, reset: mutation.reset };
}

/** Places the order with a purchase-order number, against the version of the quote on screen. */
export const usePlaceOrder = (quote: TQuote) =>
  useOrderCall(quote.id, (poNumber: string) =>
    checkoutApi.placeOrder({ id: quote.id, version: quote.version, poNumber }),
  );

export type TPayArgs = {
  /** The card form's payment method id (never the card number). */
  paymentMethod: string;
  /** Completes the card issuer's check (3-D Secure) in the browser; only Stripe's form can. */
  confirmAction?: (clientSecret: string) => Promise<void>;
  /** The billing contact's changes, saved on the quote before the charge (the server refuses a card without them). */
  contact?: TQuotePatch;
};

/**
 * Pays the quote's total by card: first the billing contact's changes are saved on the quote, then
 * `{ amount, id, quoteId, version }` goes. When the issuer asks the buyer to confirm,
 * the provider's script does so and the same request goes again (one charge however often it is sent).
 */
export function usePayment(quote: TQuote) {
  const client = useQueryClient();
  return useOrderCall(quote.id, async ({ paymentMethod, confirmAction, contact = {} }: TPayArgs) => {
    let version = quote.version;
    if (Object.keys(contact).length > 0) {
      const saved = await quotesApi.updateQuote(quote.id, version, contact);
      // The quote on screen follows at once: a declined card is tried again against this version.
      keepQuote(client, saved);
      version = saved.version;
    }
    const body = { amount: paymentAmount(quote), id: paymentMethod, quoteId: quote.id, version };
    let result = await checkoutApi.payment(body);
    if (result.status === 'requires_action' && confirmAction) {
      await confirmAction(result.clientSecret);
      result = await checkoutApi.payment(body);
    }
    if (result.status !== 'succeeded') throw new Error(CHECKOUT_MESSAGES.notConfirmed);
    return result.order;
  });
}
