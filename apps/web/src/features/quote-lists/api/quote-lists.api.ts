import type { TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

/** The calls of the quote lists: the page query, and create, copy, delete and take (a request) from a row. */
export const quoteListsApi = {
  getQuotes: (query: TRequestOf<'quoteManagement/getQuotes'>, signal?: AbortSignal) =>
    call('quoteManagement/getQuotes', query, signal),
  createQuote: (_id: string) => call('quoteManagement/createQuote', { input: { _id } }),
  copyQuote: (id: number, _id: string) => call('quoteManagement/copyQuote', { id, _id }),
  deleteQuote: (id: number, _id?: string) => call('quoteManagement/deleteQuote', { id, _id }),
  takeQuoteRequest: (id: number) => call('quoteManagement/takeQuoteRequest', { id }),
  getStatusTypes: (signal?: AbortSignal) => call('statusTypesMgmt/getStatusTypes', { limit: 200, offset: 0 }, signal),
};
