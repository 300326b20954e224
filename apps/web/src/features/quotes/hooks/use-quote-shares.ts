import type { TQuoteShare, TResultOf } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRefetchOnOrderUpdates } from '../../orders/hooks/use-order-updates';
import { quotesApi } from '../api/quotes.api';

const sharesKey = (quoteId: number) => ['quotes', quoteId, 'shares'] as const;

type TShares = TResultOf<'quoteManagement/getQuoteShares'>;

/**
 * The quote's links, newest first. Keyed by the quote's version too, so a change of the quote (a new revision
 * supersedes links, an acceptance makes it an order) reads them again, and by every contentchange, as the order
 * lists are.
 */
export function useQuoteShares(quoteId: number, quoteVersion: number) {
  useRefetchOnOrderUpdates(sharesKey(quoteId));
  return useQuery({
    queryKey: [...sharesKey(quoteId), quoteVersion],
    queryFn: ({ signal }) => quotesApi.getQuoteShares(quoteId, signal),
  });
}

/** Puts a share (new or changed) into every cached list of the quote's links, newest first. */
function keepShare(rows: TQuoteShare[], share: TQuoteShare): TQuoteShare[] {
  const others = rows.filter((row) => row.id !== share.id);
  return [share, ...others].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

function useKeepShare(quoteId: number) {
  const client = useQueryClient();
  return (share: TQuoteShare) => {
    client.setQueriesData<TShares>({ queryKey: sharesKey(quoteId) }, (old) =>
      old ? { rows: keepShare(old.rows, share) } : old,
    );
    void client.invalidateQueries({ queryKey: sharesKey(quoteId) });
  };
}

/** Shares the quote at the version on screen; the answer's link is shown once, and the list follows. */
export function useShareQuote(quoteId: number) {
  const keep = useKeepShare(quoteId);
  return useMutation({
    mutationFn: quotesApi.shareQuote,
    onSuccess: (result) => keep(result.share),
  });
}

/** Revokes one link; the list shows it revoked at once. */
export function useRevokeQuoteShare(quoteId: number) {
  const keep = useKeepShare(quoteId);
  return useMutation({
    mutationFn: quotesApi.revokeQuoteShare,
    onSuccess: keep,
  });
}
