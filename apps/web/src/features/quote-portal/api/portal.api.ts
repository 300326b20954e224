import type { TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

/** The public calls of the customer's quote link: each names the link's token, none needs an account. */
export const portalApi = {
  getQuote: (token: string, signal?: AbortSignal) => call('quotePortal/getQuote', { token }, signal),
  chooseLines: (body: TRequestOf<'quotePortal/chooseLines'>) => call('quotePortal/chooseLines', body),
  addComment: (token: string, comment: string) => call('quotePortal/addComment', { token, comment }),
  requestCurrent: (token: string) => call('quotePortal/requestCurrent', { token }),
  accept: (body: TRequestOf<'quotePortal/accept'>) => call('quotePortal/accept', body),
};
