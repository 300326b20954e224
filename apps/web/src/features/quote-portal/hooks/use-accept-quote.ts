import { type TPortalAcceptance, type TPortalQuote, toCents } from '@cpq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '../../../lib/api';
import type { TPayArgs } from '../../checkout/hooks/use-checkout';
import { CHECKOUT_MESSAGES } from '../../checkout/logic/checkout-errors';
import { portalApi } from '../api/portal.api';
import { signatureOf, type TAcceptFormValues } from '../logic/accept-form.schema';
import { portalKey } from './use-portal-quote';

export type TAcceptArgs = { values: TAcceptFormValues; card?: TPayArgs };

/**
 * Accepts the shared quote at the view on screen (its viewHash): the signature, then the card (the server's total in
 * cents) or the PO number. When the card's issuer asks the customer to confirm, the card form's script does so and
 * the same request goes again (the server answers the first acceptance to a repeat). A 409 means the quote changed
 * while it was read: the view is read again, so the customer checks it before accepting once more.
 */
export function useAcceptQuote(token: string, view: { viewHash: string; total: string }) {
  const client = useQueryClient();
  const isBusy = useRef(false);
  const mutation = useMutation({
    mutationFn: async ({ values, card }: TAcceptArgs): Promise<TPortalAcceptance> => {
      const body = {
        token,
        viewHash: view.viewHash,
        signerName: values.signerName,
        signerTitle: values.signerTitle,
        signature: signatureOf(values),
        consent: values.consent,
        payment: card
          ? { method: 'card' as const, amount: toCents(view.total), paymentMethodId: card.paymentMethod }
          : { method: 'po' as const, poNumber: values.poNumber },
      };
      let result = await portalApi.accept(body);
      if (result.status === 'requires_action' && card?.confirmAction) {
        await card.confirmAction(result.clientSecret);
        result = await portalApi.accept(body);
      }
      if (result.status !== 'accepted') throw new Error(CHECKOUT_MESSAGES.notConfirmed);
      return result.acceptance;
    },
    onSuccess: (acceptance) =>
      client.setQueryData<TPortalQuote>(portalKey(token), (old) =>
        old ? { ...old, status: 'accepted', acceptance } : old,
      ),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void client.invalidateQueries({ queryKey: portalKey(token) });
      }
    },
    onSettled: () => {
      isBusy.current = false;
    },
  });
  // One acceptance at a time: a second click while one is in flight does nothing.
  const submit = (args: TAcceptArgs) => {
    if (isBusy.current) return;
    isBusy.current = true;
    mutation.mutate(args);
  };
  return { submit, isPending: mutation.isPending, error: mutation.error };
}
