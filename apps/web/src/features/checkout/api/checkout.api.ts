import type { TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

/** The calls of checkout: an order by purchase order, a card payment, and which card form to show. */
export const checkoutApi = {
  placeOrder: (body: TRequestOf<'quoteManagement/placeOrder'>) => call('quoteManagement/placeOrder', body),
  payment: (body: TRequestOf<'paymentManagement/payment'>) => call('paymentManagement/payment', body),
  getPaymentConfig: (signal?: AbortSignal) => call('paymentManagement/getPaymentConfig', {}, signal),
};
