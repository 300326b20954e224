import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { createAddress, deleteAddress, getAddresses, updateAddress } from './addresses.service';

type TAddressPaths =
  | 'addressManagement/getAddresses'
  | 'addressManagement/createAddress'
  | 'addressManagement/updateAddress'
  | 'addressManagement/deleteAddress';

/** Addresses of the caller's platform, for administrators. */
export function createAddressHandlers(deps: TAppDeps): THandlers<TAddressPaths> {
  const context = (ctx: TRequestContext) => ({ db: deps.db, actor: signedIn(ctx), ip: ctx.ip });
  return {
    'addressManagement/getAddresses': (body, ctx) => getAddresses(context(ctx), body),
    'addressManagement/createAddress': (body, ctx) => createAddress(context(ctx), body.input),
    'addressManagement/updateAddress': (body, ctx) => updateAddress(context(ctx), body.id, body.input, body.version),
    'addressManagement/deleteAddress': (body, ctx) => deleteAddress(context(ctx), body.id),
  };
}
