import type { TResultOf } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { quotesApi } from '../api/quotes.api';

const communicationsKey = (quoteId: number) => ['quotes', quoteId, 'communications'] as const;

/** A quote's comments, oldest first. */
export const useCommunications = (quoteId: number) =>
  useQuery({
    queryKey: communicationsKey(quoteId),
    queryFn: ({ signal }) => quotesApi.getCommunications(quoteId, signal),
  });

/** Adds a comment by the signed-in user; it joins the end of the cached list. */
export function useAddCommunication(quoteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => quotesApi.createCommunication(quoteId, comment),
    onSuccess: (added) =>
      client.setQueryData<TResultOf<'quoteManagement/getCommunications'>>(communicationsKey(quoteId), (old) =>
        old ? { rows: [...old.rows, added], count: old.count + 1 } : { rows: [added], count: 1 },
      ),
  });
}
