import type { TAddress } from '@cpq/contracts';

/** 'Line 1, Line 2' for the list's Address column. */
export const joinAddressLines = (address: Pick<TAddress, 'Address' | 'Address2'>): string =>
  [address.Address, address.Address2].filter((line) => line?.trim()).join(', ');
