import type { TQuote } from '@cpq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUOTE_LISTS_KEY } from '../../quote-lists/hooks/use-quote-list-mutations';
import { quotesApi } from '../api/quotes.api';
import { keepQuote, quoteWriteKey } from './use-quote-mutations';

/** The answer replaces the cached quote, and every quote list refetches: the request moved on in them. */
function useRequestMutation(quoteId: number, call: () => Promise<TQuote>) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: quoteWriteKey(quoteId),
    scope: { id: `quote-${quoteId}` },
    mutationFn: call,
    onSuccess: (saved) => keepQuote(client, saved),
    onSettled: () => client.invalidateQueries({ queryKey: QUOTE_LISTS_KEY }),
  });
}

/** Takes a visitor's quote request: it becomes the caller's. */
export const useTakeQuoteRequest = (quoteId: number) =>
  useRequestMutation(quoteId, () => quotesApi.takeQuoteRequest(quoteId));

/** Turns a taken quote request into a quote, against the version the caller sees. */
export function useConvertQuoteRequest(quoteId: number) {
  const client = useQueryClient();
  return useRequestMutation(quoteId, () =>
    quotesApi.convertQuoteRequest(quoteId, client.getQueryData<TQuote>(['quotes', quoteId])?.version ?? 1),
  );
}
