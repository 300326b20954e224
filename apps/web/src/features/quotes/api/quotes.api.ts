import { call } from '../../../lib/api';

/** Quote reads of the quote detail page. */
export const quotesApi = {
  getQuote: (id: number, signal?: AbortSignal) => call('quoteManagement/getQuote', { id }, signal),
};
