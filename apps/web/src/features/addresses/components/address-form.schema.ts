import { ADDRESS_TYPE, type TAddress, type TAddressInput, US_STATES, ZAddressInput } from '@cpq/contracts';
import { z } from 'zod';

/** The State select's options: the US list (states, DC and territories) by name, sent as the abbreviation. */
export const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.abbreviation, label: state.name }));

export const ADDRESS_TYPE_OPTIONS = [
  { value: String(ADDRESS_TYPE.Billing), label: 'Billing' },
  { value: String(ADDRESS_TYPE.Shipping), label: 'Shipping' },
];

/** The fields every address form has, with the request schema's rules ('Incorrect format for Zip', US states). */
export const ZAddressFields = ZAddressInput.pick({ Address: true, Address2: true, City: true, State: true, Zip: true });

/** The standalone address form (/Addresses): the fields plus the address type and, for billing, same-as-shipping. */
export const ZAddressForm = ZAddressFields.extend({
  AddressType: z.enum(['1', '2']),
  sameAsShipping: z.boolean(),
});
export type TAddressForm = z.input<typeof ZAddressForm>;
export type TAddressFormOutput = z.output<typeof ZAddressForm>;

export const addressFormDefaults = (address?: TAddress | null): TAddressForm => ({
  Address: address?.Address ?? '',
  Address2: address?.Address2 ?? '',
  City: address?.City ?? '',
  State: (address?.State ?? '') as TAddressForm['State'],
  Zip: address?.Zip ?? '',
  AddressType: address?.AddressType === ADDRESS_TYPE.Billing ? '1' : '2',
  sameAsShipping: address?.sameAsShipping ?? false,
});

/** The request input: an empty second line is sent as null; same-as-shipping only counts on billing addresses. */
export function toAddressInput(values: TAddressFormOutput): TAddressInput {
  const AddressType = values.AddressType === '1' ? ADDRESS_TYPE.Billing : ADDRESS_TYPE.Shipping;
  return {
    Address: values.Address,
    Address2: values.Address2 || null,
    City: values.City,
    State: values.State,
    Zip: values.Zip,
    AddressType,
    sameAsShipping: AddressType === ADDRESS_TYPE.Billing ? values.sameAsShipping : false,
  };
}
