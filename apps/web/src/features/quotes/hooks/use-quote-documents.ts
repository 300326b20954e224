import { useQuery } from '@tanstack/react-query';
import { quotesApi } from '../api/quotes.api';

/** Every printed revision of the quote document, newest first (the revisions list of the Summary). */
export const useQuoteDocuments = (quoteId: number, hasPrinted: boolean) =>
  useQuery({
    queryKey: ['quotes', quoteId, 'documents'],
    queryFn: ({ signal }) => quotesApi.getQuoteDocuments(quoteId, signal),
    select: (documents) => documents.filter((document) => document.kind === 'quote'),
    enabled: hasPrinted,
  });
