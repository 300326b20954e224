import { useQuery } from '@tanstack/react-query';
import { hasCode } from '../../../lib/api';
import { quotesApi } from '../api/quotes.api';

/** One quote with its lines, under ['quotes', id] (the key the catalog invalidates when it adds a line). */
export const useQuote = (id: number) =>
  useQuery({
    queryKey: ['quotes', id],
    queryFn: ({ signal }) => quotesApi.getQuote(id, signal),
    enabled: Number.isSafeInteger(id) && id > 0,
    // A missing or forbidden quote stays so: retrying only delays the message.
    retry: (failures, error) => failures < 2 && !hasCode(error, 'NOT_FOUND') && !hasCode(error, 'FORBIDDEN'),
  });
