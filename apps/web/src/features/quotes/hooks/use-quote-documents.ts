import { useQuery } from '@tanstack/react-query';
import { quotesApi } from '../api/quotes.api';

/**
 * Every printed revision of the quote's own documents, newest first (the Summary's Documents): the quote or order
 * document and the sales-order write-up; the lines' pricing documents are on the lines. Keyed by the current printed
 * document too, so the list is read again when the quote points at a new one (an order's document, once printed).
 */
export const useQuoteDocuments = (quoteId: number, hasPrinted: boolean, currentPrintedDocument: string | null) =>
  useQuery({
    queryKey: ['quotes', quoteId, 'documents', currentPrintedDocument],
    queryFn: ({ signal }) => quotesApi.getQuoteDocuments(quoteId, signal),
    select: (documents) => documents.filter((document) => document.kind !== 'pricing'),
    enabled: hasPrinted,
  });
