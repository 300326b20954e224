import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { type Control, useController, useWatch } from 'react-hook-form';
import { FormSelectField } from '../../../ui/form-select-field';
import { AddressFields } from './address-fields';
import { ADDRESS_TYPE_OPTIONS, type TAddressForm, type TAddressFormOutput } from './address-form.schema';

/** The standalone address form: type, the address itself and, for a billing address, same-as-shipping. */
export function AddressFormFields({ control }: { control: Control<TAddressForm, unknown, TAddressFormOutput> }) {
  const type = useWatch({ control, name: 'AddressType' });
  const { field: sameAsShipping } = useController({ control, name: 'sameAsShipping' });
  return (
    <Stack spacing={2.5}>
      <FormSelectField
        control={control}
        name="AddressType"
        label="Address Type"
        options={ADDRESS_TYPE_OPTIONS}
        required
      />
      <AddressFields control={control} />
      {type === '1' && (
        <FormControlLabel
          control={
            <Checkbox
              checked={sameAsShipping.value}
              onChange={(event) => sameAsShipping.onChange(event.target.checked)}
            />
          }
          label="Same as shipping"
        />
      )}
    </Stack>
  );
}
