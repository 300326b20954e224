import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { newGuid } from '../../catalog/configurator-paths';
import { quoteListsApi } from '../api/quote-lists.api';
import { QUOTE_LISTS_KEY } from './use-quote-list-mutations';

/** 'New Quote': creates an empty quote under a new GUID, then opens it at /Quote/{new id}. */
export function useCreateQuote() {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => quoteListsApi.createQuote(newGuid()),
    onSuccess: (quote) => {
      void queryClient.invalidateQueries({ queryKey: QUOTE_LISTS_KEY });
      navigate(`/Quote/${quote.id}`);
    },
    onError: (error) => toast.error(errorText(error)),
  });
  return { createQuote: () => create.mutate(), isCreating: create.isPending };
}
