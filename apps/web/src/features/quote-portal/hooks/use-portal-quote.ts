import type { TPortalQuote } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { portalApi } from '../api/portal.api';

export const portalKey = (token: string) => ['quotePortal', token] as const;

/** A link that does not open a quote: the server answers 404 for unknown, tampered, revoked and expired alike. */
export const isUnavailable = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * The shared quote as the link opens it. Read once per visit (each read is recorded as an opening for the rep), so
 * it is not read again on focus, and a 404 is not retried (it will not change).
 */
export const usePortalQuote = (token: string, isEnabled: boolean) =>
  useQuery({
    enabled: isEnabled,
    queryKey: portalKey(token),
    queryFn: ({ signal }) => portalApi.getQuote(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
  });

/** Every portal write answers the whole view again: it replaces the one on screen. */
function useKeepView(token: string) {
  const client = useQueryClient();
  return (view: TPortalQuote) => client.setQueryData(portalKey(token), view);
}

/** Includes or leaves out one optional line; the total shown is the server's answer. */
export function useChooseLine(token: string) {
  const keep = useKeepView(token);
  return useMutation({
    mutationFn: ({ lineId, selected }: { lineId: number; selected: boolean }) =>
      portalApi.chooseLines({ token, lines: [{ id: lineId, selected }] }),
    onSuccess: keep,
  });
}

/** Adds the customer's comment to the thread. */
export function useAddPortalComment(token: string) {
  const keep = useKeepView(token);
  return useMutation({ mutationFn: (comment: string) => portalApi.addComment(token, comment), onSuccess: keep });
}

/** From a superseded link: mails a link to the current revision to the address the quote was shared with. */
export const useRequestCurrent = (token: string) => useMutation({ mutationFn: () => portalApi.requestCurrent(token) });
