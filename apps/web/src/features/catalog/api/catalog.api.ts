import type { TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

type TProductsQuery = TRequestOf<'productManagement/getProducts'>;
type TLineInput = TRequestOf<'quoteManagement/createLine'>['input'];

/** The calls behind the catalog: products by flag, and a fixed-price product as a line on a (new) quote. */
export const catalogApi = {
  getProducts: (query: TProductsQuery, signal?: AbortSignal) => call('productManagement/getProducts', query, signal),
  /** An empty quote owned by the caller; the server makes it a quote request (type 3) for public users. */
  createQuote: (_id: string) => call('quoteManagement/createQuote', { input: { _id } }),
  createLine: (input: TLineInput) => call('quoteManagement/createLine', { input }),
};
