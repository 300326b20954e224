import type { TAddressInput, TAddressPatch, TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

export const addressesApi = {
  getAddresses: (query: TRequestOf<'addressManagement/getAddresses'>, signal?: AbortSignal) =>
    call('addressManagement/getAddresses', query, signal),
  createAddress: (input: TAddressInput) => call('addressManagement/createAddress', { input }),
  updateAddress: (id: number, input: TAddressPatch, version: number) =>
    call('addressManagement/updateAddress', { id, version, input }),
  deleteAddress: (id: number) => call('addressManagement/deleteAddress', { id }),
};
