import { isDatabaseId } from '@cpq/contracts';
import { useQuery } from '@tanstack/react-query';
import { quoteQuery } from '../api/quote-query';

/** One quote with its lines (see quoteQuery). */
export const useQuote = (id: number) => useQuery({ ...quoteQuery(id), enabled: isDatabaseId(id) });
