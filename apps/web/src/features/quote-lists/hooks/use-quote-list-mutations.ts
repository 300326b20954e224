import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../lib/api';
import type { TPage } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { newGuid } from '../../catalog/configurator-paths';
import { quoteListsApi } from '../api/quote-lists.api';
import type { TQuoteRow } from '../components/quote-columns';
import { pagedQueryOf, pendingCopy, withCopy, withoutRow, withSavedCopy } from './optimistic-rows';

/** Every quote list's pages share this prefix: a change in one list refetches the others. */
export const QUOTE_LISTS_KEY = ['quotes', 'list'] as const;

type TSnapshot = [QueryKey, TPage<TQuoteRow> | undefined][];

/**
 * Copy and delete from a quote list, both optimistic (spec section 4, "Quote state"): the list changes at once, the
 * call follows, success is confirmed by a toast, a failure puts the pages back as they were and toasts the server's
 * message, and the list refetches when the call settles either way.
 */
export function useQuoteListMutations() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const username = useSession().user?.username ?? '';

  /** Stops in-flight page fetches (they would overwrite the edit) and edits every cached page of the lists. */
  const editPages = async (edit: (page: TPage<TQuoteRow>, key: QueryKey) => TPage<TQuoteRow>): Promise<TSnapshot> => {
    await queryClient.cancelQueries({ queryKey: QUOTE_LISTS_KEY });
    const snapshot = queryClient.getQueriesData<TPage<TQuoteRow>>({ queryKey: QUOTE_LISTS_KEY });
    for (const [key, page] of snapshot) {
      if (page) queryClient.setQueryData<TPage<TQuoteRow>>(key, edit(page, key));
    }
    return snapshot;
  };
  const restore = (snapshot: TSnapshot | undefined) => {
    for (const [key, page] of snapshot ?? []) queryClient.setQueryData(key, page);
  };
  const refetch = () => queryClient.invalidateQueries({ queryKey: QUOTE_LISTS_KEY });

  const copy = useMutation({
    mutationFn: ({ source, guid }: { source: TQuoteRow; guid: string }) => quoteListsApi.copyQuote(source.id, guid),
    onMutate: ({ source, guid }) => {
      const row = pendingCopy(source, guid, username, new Date());
      return editPages((page, key) => withCopy(page, source.id, row, pagedQueryOf(key)));
    },
    onSuccess: (saved, { source }) => {
      for (const [key, page] of queryClient.getQueriesData<TPage<TQuoteRow>>({ queryKey: QUOTE_LISTS_KEY })) {
        if (page) queryClient.setQueryData(key, withSavedCopy(page, saved));
      }
      toast.success(`Copied Quote #${source.id} to Quote #${saved.id}.`);
    },
    onError: (error, _variables, snapshot) => {
      restore(snapshot);
      toast.error(errorText(error));
    },
    onSettled: refetch,
  });

  const remove = useMutation({
    mutationFn: (row: TQuoteRow) => quoteListsApi.deleteQuote(row.id, row._id),
    onMutate: (row) => editPages((page) => withoutRow(page, row.id)),
    onSuccess: (_result, row) => toast.success(`Deleted Quote #${row.id}.`),
    onError: (error, _row, snapshot) => {
      restore(snapshot);
      toast.error(errorText(error));
    },
    onSettled: refetch,
  });

  return {
    /** Copies the quote under a new GUID (the copy shows at once). */
    copyQuote: (source: TQuoteRow) => copy.mutate({ source, guid: newGuid() }),
    /** Deletes the quote (the row goes at once). */
    deleteQuote: (row: TQuoteRow) => remove.mutate(row),
  };
}
