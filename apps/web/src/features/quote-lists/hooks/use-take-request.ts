import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { quoteListsApi } from '../api/quote-lists.api';
import { QUOTE_LISTS_KEY } from './use-quote-list-mutations';

/**
 * Take Request from a list: the request becomes the caller's and opens, to be worked on. A refusal (someone else
 * took it first) is said, and the lists refetch either way so that they show who has it.
 */
export function useTakeRequest() {
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const take = useMutation({
    mutationFn: (id: number) => quoteListsApi.takeQuoteRequest(id),
    onSuccess: (quote) => {
      client.setQueryData(['quotes', quote.id], quote);
      toast.success(`You took Quote Request #${quote.id}. Convert it to a quote when it is ready.`);
      navigate(`/Quote/${quote.id}`);
    },
    onError: (error) => toast.error(errorText(error)),
    onSettled: () => client.invalidateQueries({ queryKey: QUOTE_LISTS_KEY }),
  });
  return { takeRequest: (id: number) => take.mutate(id), isTaking: take.isPending };
}
