import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/**
 * Starts loading a quote at once, for the first load of /Quote/{id}, and hands the answer to the query cache when
 * the cache's code has arrived (loadClient), so the page finds it there. A failed first answer is fetched again as
 * quoteQuery says.
 */
export function prefetchQuote(id: number, loadClient: () => Promise<QueryClient>): void {
  let early: ReturnType<typeof fetchQuote> | null = fetchQuote(id);
  early.catch(() => undefined);
  void Promise.all([loadClient(), import('./quote-query')]).then(([client, { quoteQuery }]) =>
    client.prefetchQuery({
      ...quoteQuery(id),
      queryFn: ({ signal }) => {
        const first = early;
        early = null;
        return first ?? fetchQuote(id, signal);
      },
    }),
  );
}

const fetchQuote = (id: number, signal?: AbortSignal) => call('quoteManagement/getQuote', { id }, signal);
