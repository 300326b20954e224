import Stack from '@mui/material/Stack';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormSelectField } from '../../../ui/form-select-field';
import { FormTextField } from '../../../ui/form-text-field';
import { STATE_OPTIONS } from './address-form.schema';

type TAddressFieldsProps<T extends FieldValues, TOut> = {
  control: Control<T, unknown, TOut>;
  /** Where the fields sit in the form's values: '' for an address form, 'billingAddress.' inside the customer form. */
  prefix?: string;
  /** Marks the fields the server requires (not when the whole address is optional). */
  isRequired?: boolean;
  /** Shows the fields without letting them change (a locked quote). */
  isDisabled?: boolean;
  /** State above Zip at every width, for a narrow column such as the card checkout panel. */
  isStacked?: boolean;
};

/** Address, Address 2, City, State (US list) and Zip, shared by the address form and the customer's billing form. */
export function AddressFields<T extends FieldValues, TOut = T>({
  control,
  prefix = '',
  isRequired = true,
  isDisabled = false,
  isStacked = false,
}: TAddressFieldsProps<T, TOut>) {
  const name = (field: string) => `${prefix}${field}` as FieldPath<T>;
  return (
    <Stack spacing={2}>
      <FormTextField
        control={control}
        disabled={isDisabled}
        name={name('Address')}
        label="Address"
        required={isRequired}
        autoComplete="address-line1"
      />
      <FormTextField
        control={control}
        disabled={isDisabled}
        name={name('Address2')}
        label="Address 2"
        autoComplete="address-line2"
      />
      <FormTextField
        control={control}
        disabled={isDisabled}
        name={name('City')}
        label="City"
        required={isRequired}
        autoComplete="address-level2"
      />
      <Stack direction={isStacked ? 'column' : { xs: 'column', md: 'row' }} spacing={2}>
        <FormSelectField
          control={control}
          disabled={isDisabled}
          name={name('State')}
          label="State"
          placeholder="Select a State"
          options={STATE_OPTIONS}
          required={isRequired}
          autoComplete="address-level1"
        />
        <FormTextField
          control={control}
          disabled={isDisabled}
          name={name('Zip')}
          label="Zip"
          required={isRequired}
          autoComplete="postal-code"
          inputProps={{ inputMode: 'numeric' }}
        />
      </Stack>
    </Stack>
  );
}
