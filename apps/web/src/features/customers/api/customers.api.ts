import type { TCustomerInput, TCustomerPatch, TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

export const customersApi = {
  getCustomers: (query: TRequestOf<'customerManagement/getCustomers'>, signal?: AbortSignal) =>
    call('customerManagement/getCustomers', query, signal),
  getCustomer: (id: number) => call('customerManagement/getCustomer', { id }),
  createCustomer: (input: TCustomerInput) => call('customerManagement/createCustomer', { input }),
  updateCustomer: (id: number, input: TCustomerPatch, version: number) =>
    call('customerManagement/updateCustomer', { id, version, input }),
  deleteCustomer: (id: number) => call('customerManagement/deleteCustomer', { id }),
};
