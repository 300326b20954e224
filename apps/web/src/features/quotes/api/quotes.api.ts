import type { TQuotePatch, TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

/** The calls of the quote detail page. */
export const quotesApi = {
  getQuote: (id: number, signal?: AbortSignal) => call('quoteManagement/getQuote', { id }, signal),
  updateQuote: (id: number, version: number, input: TQuotePatch) =>
    call('quoteManagement/updateQuote', { id, version, input }),
  updateLine: (id: number, quantity: number, version: number) =>
    call('quoteManagement/updateLine', { id, version, input: { quantity } }),
  updateLineDiscount: (id: number, discountPercent: string, version: number) =>
    call('quoteManagement/updateLine', { id, version, input: { discountPercent } }),
  deleteLine: (id: number, quoteId: number, version: number) =>
    call('quoteManagement/deleteLine', { id, quoteId, version }),
  getCommunications: (quoteId: number, signal?: AbortSignal) =>
    call('quoteManagement/getCommunications', { quoteId }, signal),
  createCommunication: (quoteId: number, comment: string) =>
    call('quoteManagement/createCommunication', { input: { quoteId, comment } }),
  getQuoteContact: (quoteId: number, signal?: AbortSignal) =>
    call('quoteManagement/getQuoteContact', { quoteId }, signal),
  findQuoteCustomers: (body: TRequestOf<'quoteManagement/findQuoteCustomers'>, signal?: AbortSignal) =>
    call('quoteManagement/findQuoteCustomers', body, signal),
  setQuoteCustomer: (body: TRequestOf<'quoteManagement/setQuoteCustomer'>) =>
    call('quoteManagement/setQuoteCustomer', body),
  getPricingDoc: (lineId: number) => call('quoteManagement/getPricingDoc', { lineId }),
  getQuoteDocuments: (quoteId: number, signal?: AbortSignal) =>
    call('quoteManagement/getQuoteDocuments', { quoteId }, signal),
  getCurrentPrintedDocument: (quoteId: number) => call('quoteManagement/getCurrentPrintedDocument', { quoteId }),
  downloadFile: (body: TRequestOf<'quoteManagement/downloadFile'>) => call('quoteManagement/downloadFile', body),
  lockQuote: (id: number, version: number) => call('quoteManagement/lockQuote', { id, version }),
  unlockQuote: (id: number, version: number) => call('quoteManagement/unlockQuote', { id, version }),
  takeQuoteRequest: (id: number) => call('quoteManagement/takeQuoteRequest', { id }),
  convertQuoteRequest: (id: number, version: number) => call('quoteManagement/convertQuoteRequest', { id, version }),
  shareQuote: (body: TRequestOf<'quoteManagement/shareQuote'>) => call('quoteManagement/shareQuote', body),
  getQuoteShares: (quoteId: number, signal?: AbortSignal) =>
    call('quoteManagement/getQuoteShares', { id: quoteId }, signal),
  revokeQuoteShare: (shareId: number) => call('quoteManagement/revokeQuoteShare', { id: shareId }),
  setLineOptional: (body: TRequestOf<'quoteManagement/setLineOptional'>) =>
    call('quoteManagement/setLineOptional', body),
};
