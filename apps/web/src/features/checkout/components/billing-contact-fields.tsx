import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../ui/form-text-field';
import { AddressFields } from '../../addresses/components/address-fields';
import type { TBillingContactForm, TBillingContactValues } from '../logic/billing-contact.schema';

type TBillingContactFieldsProps = {
  control: Control<TBillingContactForm, unknown, TBillingContactValues>;
  /** The quote's contact came from a customer: the name and e-mail show but are edited on the customer. */
  isContactReadOnly: boolean;
  readOnlyNote: string;
  isDisabled: boolean;
};

/** The billing contact of card checkout: who pays, where the confirmation goes, and the billing address. */
export function BillingContactFields({
  control,
  isContactReadOnly,
  readOnlyNote,
  isDisabled,
}: TBillingContactFieldsProps) {
  const contactField = { control, required: true, disabled: isDisabled, readOnly: isContactReadOnly } as const;
  return (
    <Stack component="section" aria-labelledby="billing-contact-title" sx={{ minWidth: 0, gap: 2 }}>
      <Typography id="billing-contact-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Billing contact
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {isContactReadOnly ? readOnlyNote : 'Saved on the quote. The order confirmation is e-mailed to this address.'}
      </Typography>
      <FormTextField {...contactField} name="firstName" label="First Name" autoComplete="billing given-name" />
      <FormTextField {...contactField} name="lastName" label="Last Name" autoComplete="billing family-name" />
      <FormTextField {...contactField} name="email" label="Email Address" type="email" autoComplete="billing email" />
      <AddressFields control={control} prefix="billingAddress." isDisabled={isDisabled} isStacked />
    </Stack>
  );
}
