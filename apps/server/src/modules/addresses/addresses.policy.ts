import { ADDRESS_TYPE } from '@cpq/contracts';

/** "Same as shipping" belongs to billing addresses; a shipping address always saves it false. */
export function sameAsShippingFor(addressType: number, requested: boolean | undefined): boolean | undefined {
  return addressType === ADDRESS_TYPE.Shipping ? false : requested;
}
