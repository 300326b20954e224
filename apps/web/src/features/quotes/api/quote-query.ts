import { queryOptions } from '@tanstack/react-query';
import { call, hasCode } from '../../../lib/api';

/**
 * One quote with its lines, under ['quotes', id] (the key the catalog invalidates when it adds a line). Shared by
 * the page and by the first load of /Quote/{id}, which starts it before React renders (so it calls the route itself:
 * quotesApi would bring every quote call into the app's entry chunk).
 */
export const quoteQuery = (id: number) =>
  queryOptions({
    queryKey: ['quotes', id],
    queryFn: ({ signal }) => call('quoteManagement/getQuote', { id }, signal),
    // A missing or forbidden quote stays so: retrying only delays the message.
    retry: (failures, error) => failures < 2 && !hasCode(error, 'NOT_FOUND') && !hasCode(error, 'FORBIDDEN'),
  });
