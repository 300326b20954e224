import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { createCustomer, deleteCustomer, getCustomer, getCustomers, updateCustomer } from './customers.service';

type TCustomerPaths =
  | 'customerManagement/getCustomers'
  | 'customerManagement/getCustomer'
  | 'customerManagement/createCustomer'
  | 'customerManagement/updateCustomer'
  | 'customerManagement/deleteCustomer';

/** Customers (contacts) of the caller's platform with their billing address, for administrators. */
export function createCustomerHandlers(deps: TAppDeps): THandlers<TCustomerPaths> {
  const context = (ctx: TRequestContext) => ({ db: deps.db, actor: signedIn(ctx), ip: ctx.ip });
  return {
    'customerManagement/getCustomers': (body, ctx) => getCustomers(context(ctx), body),
    'customerManagement/getCustomer': (body, ctx) => getCustomer(context(ctx), body.id),
    'customerManagement/createCustomer': (body, ctx) => createCustomer(context(ctx), body.input),
    'customerManagement/updateCustomer': (body, ctx) => updateCustomer(context(ctx), body.id, body.input, body.version),
    'customerManagement/deleteCustomer': (body, ctx) => deleteCustomer(context(ctx), body.id),
  };
}
