import type { TPriceListInput, TPriceListPatch, TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

export const priceListsApi = {
  getPriceLists: (query: TRequestOf<'priceListManagement/getPriceLists'>, signal?: AbortSignal) =>
    call('priceListManagement/getPriceLists', query, signal),
  createPriceList: (input: TPriceListInput) => call('priceListManagement/createPriceList', { input }),
  updatePriceList: (id: number, input: TPriceListPatch, version: number) =>
    call('priceListManagement/updatePriceList', { id, version, input }),
  deletePriceList: (id: number) => call('priceListManagement/deletePriceList', { id }),
  getPricedValues: (productId: number, signal?: AbortSignal) =>
    call('priceListManagement/getPricedValues', { productId }, signal),
};
