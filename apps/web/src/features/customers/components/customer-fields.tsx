import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type Control, useController } from 'react-hook-form';
import { errorText } from '../../../lib/api';
import { FormSelectField } from '../../../ui/form-select-field';
import { FormTextField } from '../../../ui/form-text-field';
import { AddressFields } from '../../addresses/components/address-fields';
import { usePriceListChoices } from '../../price-lists/hooks/use-price-lists';
import { NO_PRICE_LIST, type TCustomerForm, type TCustomerFormOutput } from './customer-form.schema';

/** The price list that prices the customer's quotes: one of the platform's, or none (list prices). */
function PriceListSelect({ control }: { control: Control<TCustomerForm, unknown, TCustomerFormOutput> }) {
  const lists = usePriceListChoices();
  const options = [
    { value: NO_PRICE_LIST, label: 'None (list prices)' },
    ...(lists.data?.rows ?? []).map((list) => ({ value: String(list.id), label: `${list.name} (${list.currency})` })),
  ];
  return (
    <FormSelectField
      control={control}
      name="priceListId"
      label="Price List"
      options={options}
      helperText={
        lists.isError ? errorText(lists.error) : 'Prices this customer’s quote lines while the list is valid.'
      }
    />
  );
}

/** The contact fields, pricing and the embedded billing-address form. */
export function CustomerFields({ control }: { control: Control<TCustomerForm, unknown, TCustomerFormOutput> }) {
  const { field: sameAsShipping } = useController({ control, name: 'billingAddress.sameAsShipping' });
  const { field: isDealer } = useController({ control, name: 'isDealer' });
  return (
    <Stack spacing={2.5}>
      <FormTextField control={control} name="erpId" label="ERP ID" required autoComplete="off" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <FormTextField control={control} name="firstName" label="First Name" autoComplete="given-name" />
        <FormTextField control={control} name="lastName" label="Last Name" autoComplete="family-name" />
      </Stack>
      <FormTextField control={control} name="companyName" label="Company" autoComplete="organization" />
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
      <FormTextField
        control={control}
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="(555) 123-4567"
      />
      <FormControlLabel
        control={<Switch checked={isDealer.value} onChange={(event) => isDealer.onChange(event.target.checked)} />}
        label={
          <span>
            Dealer pricing
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              Products configured on this customer’s quotes get the dealer price.
            </Typography>
          </span>
        }
        sx={{ alignItems: 'flex-start', '& .MuiSwitch-root': { mt: -0.5 } }}
      />
      <PriceListSelect control={control} />
      <Divider />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650 }}>
        Billing Address
      </Typography>
      <AddressFields control={control} prefix="billingAddress." isRequired={false} />
      <FormControlLabel
        control={
          <Checkbox
            checked={sameAsShipping.value}
            onChange={(event) => sameAsShipping.onChange(event.target.checked)}
          />
        }
        label="Same as shipping"
      />
    </Stack>
  );
}
