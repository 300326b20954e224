import type { TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

/** The order calls besides the list (which is getQuotes with type 2): an administrator sets an order's status. */
export const ordersApi = {
  setOrderStatus: (body: TRequestOf<'quoteManagement/setOrderStatus'>) => call('quoteManagement/setOrderStatus', body),
};
