import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import {
  createPriceList,
  deletePriceList,
  getPricedValues,
  getPriceLists,
  updatePriceList,
} from './price-lists.service';

type TPriceListPaths =
  | 'priceListManagement/getPriceLists'
  | 'priceListManagement/createPriceList'
  | 'priceListManagement/updatePriceList'
  | 'priceListManagement/deletePriceList'
  | 'priceListManagement/getPricedValues';

/** Price lists of the caller's platform (every platform's for level 9), for administrators. */
export function createPriceListHandlers(deps: TAppDeps): THandlers<TPriceListPaths> {
  const context = (ctx: TRequestContext) => ({ db: deps.db, actor: signedIn(ctx), ip: ctx.ip });
  return {
    'priceListManagement/getPriceLists': (body, ctx) => getPriceLists(context(ctx), body),
    'priceListManagement/createPriceList': (body, ctx) => createPriceList(context(ctx), body.input),
    'priceListManagement/updatePriceList': (body, ctx) =>
      updatePriceList(context(ctx), body.id, body.input, body.version),
    'priceListManagement/deletePriceList': (body, ctx) => deletePriceList(context(ctx), body.id),
    'priceListManagement/getPricedValues': (body, ctx) => getPricedValues(context(ctx), body.productId),
  };
}
