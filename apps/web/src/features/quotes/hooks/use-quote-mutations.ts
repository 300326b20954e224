import type { TQuote, TQuoteLine, TQuotePatch, TResultOf } from '@cpq/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesApi } from '../api/quotes.api';

/** The key of a quote's writes: they run one after the other, each with the version the previous one answered. */
export const quoteWriteKey = (quoteId: number) => ['quotes', quoteId, 'write'] as const;

const quoteKey = (quoteId: number) => ['quotes', quoteId] as const;

/** The version as last answered by the server (a blur save right after another must not send the older one). */
const currentVersion = (client: QueryClient, quoteId: number): number | undefined =>
  client.getQueryData<TQuote>(quoteKey(quoteId))?.version;

/**
 * The line's own version as last answered (a line write is checked against it, not against the quote's, so saving
 * one line never refuses a save of another). A line missing from the cache was never read: the write is not sent.
 */
function lineVersion(client: QueryClient, quoteId: number, lineId: number): number {
  const line = client.getQueryData<TQuote>(quoteKey(quoteId))?.lines?.find((candidate) => candidate.id === lineId);
  if (!line) throw new Error(`Line ${lineId} is not on the quote as read; reload the quote.`);
  return line.version;
}

/** Keeps the lines when an answer comes without them. */
export function keepQuote(client: QueryClient, saved: TQuote): void {
  client.setQueryData<TQuote>(quoteKey(saved.id), (old) => ({ ...saved, lines: saved.lines ?? old?.lines }));
}

type TTotals = TResultOf<'quoteManagement/updateLine'>['quote'];

function patchLines(client: QueryClient, totals: TTotals, lines: (old: TQuoteLine[]) => TQuoteLine[]): void {
  client.setQueryData<TQuote>(quoteKey(totals.id), (old) =>
    old ? { ...old, ...totals, lines: lines(old.lines ?? []) } : old,
  );
}

/** Saves Details, PO number or Customer fields against the current version; the answer replaces the cached quote. */
export function useUpdateQuote(quoteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: quoteWriteKey(quoteId),
    scope: { id: `quote-${quoteId}` },
    mutationFn: (input: TQuotePatch) => quotesApi.updateQuote(quoteId, currentVersion(client, quoteId) ?? 1, input),
    onSuccess: (saved) => keepQuote(client, saved),
  });
}

/** Autofills the contact from a customer (or lets go of it with null); the lines are priced again for it. */
export function useSetQuoteCustomer(quoteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: quoteWriteKey(quoteId),
    scope: { id: `quote-${quoteId}` },
    mutationFn: (customerId: number | null) =>
      quotesApi.setQuoteCustomer({ quoteId, customerId, version: currentVersion(client, quoteId) ?? 1 }),
    onSuccess: ({ pricingMessage: _message, ...saved }) => {
      keepQuote(client, saved);
      void client.invalidateQueries({ queryKey: ['quotes', quoteId, 'contact'] });
    },
  });
}

/** Changes a line's quantity at the line's version; the line and the quote's totals and version follow the answer. */
export function useUpdateLineQuantity(quoteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: quoteWriteKey(quoteId),
    scope: { id: `quote-${quoteId}` },
    mutationFn: ({ lineId, quantity }: { lineId: number; quantity: number }) =>
      quotesApi.updateLine(lineId, quantity, lineVersion(client, quoteId, lineId)),
    onSuccess: ({ line, quote }) =>
      patchLines(client, quote, (lines) => lines.map((old) => (old.id === line.id ? line : old))),
  });
}

/** Sets a line's discount at the line's version; the line and the quote's totals and version follow the answer. */
export function useUpdateLineDiscount(quoteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: quoteWriteKey(quoteId),
    scope: { id: `quote-${quoteId}` },
    mutationFn: ({ lineId, discountPercent }: { lineId: number; discountPercent: string }) =>
      quotesApi.updateLineDiscount(lineId, discountPercent, lineVersion(client, quoteId, lineId)),
    onSuccess: ({ line, quote }) =>
      patchLines(client, quote, (lines) => lines.map((old) => (old.id === line.id ? line : old))),
  });
}

/** Removes a line; the quote's total, count and version follow from the answer. */
export function useDeleteLine(quoteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: quoteWriteKey(quoteId),
    scope: { id: `quote-${quoteId}` },
    mutationFn: (lineId: number) => quotesApi.deleteLine(lineId, quoteId, lineVersion(client, quoteId, lineId)),
    onSuccess: (result) => patchLines(client, result.quote, (lines) => lines.filter((line) => line.id !== result.id)),
  });
}

/** Locks (true) or unlocks (false) the quote against the current version; the answer replaces the cached quote. */
export function useQuoteLock(quoteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: quoteWriteKey(quoteId),
    scope: { id: `quote-${quoteId}` },
    mutationFn: (isLocked: boolean) => {
      const version = currentVersion(client, quoteId) ?? 1;
      return isLocked ? quotesApi.lockQuote(quoteId, version) : quotesApi.unlockQuote(quoteId, version);
    },
    onSuccess: (saved) => keepQuote(client, saved),
  });
}

/** Marks a line optional or required at the line's version; the answer (the whole quote) replaces the cached one. */
export function useSetLineOptional(quoteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: quoteWriteKey(quoteId),
    scope: { id: `quote-${quoteId}` },
    mutationFn: ({ lineId, optional }: { lineId: number; optional: boolean }) =>
      quotesApi.setLineOptional({ id: quoteId, lineId, version: lineVersion(client, quoteId, lineId), optional }),
    onSuccess: (saved) => keepQuote(client, saved),
  });
}
