import {
  ADMIN_LEVEL,
  lockRefusal,
  MSG,
  ROLE_LEVEL,
  type TAddress,
  type TQuote,
  type TQuotePatch,
} from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type Control, type Path, useForm } from 'react-hook-form';
import { errorText, hasCode } from '../../../lib/api';
import { FormTextField } from '../../../ui/form-text-field';
import { useToast } from '../../../ui/use-toast';
import { AddressFields } from '../../addresses/components/address-fields';
import { useSession } from '../../auth/hooks/use-session';
import { useSetQuoteCustomer, useUpdateQuote } from '../hooks/use-quote-mutations';
import {
  addressSave,
  contactSave,
  customerTabDefaults,
  missingAddressFields,
  type TAddressKind,
  type TBlurSave,
  type TContactField,
  type TCustomerTabForm,
} from './customer-form.schema';
import { CustomerPicker } from './customer-picker';
import { SaveErrorAlert } from './save-error-alert';
import { isShippingSameAsBilling } from './summary-blocks';

/** After a contact or address save the quote is read again this much later (spec section 9). */
export const REFETCH_DELAY_MS = 5000;

const CONTACT_LABELS: [TContactField, string, string][] = [
  ['firstName', 'First Name', 'given-name'],
  ['lastName', 'Last Name', 'family-name'],
  ['email', 'Email Address', 'email'],
  ['phone', 'Phone Number', 'tel'],
  ['altPhone', 'Alt Phone', 'tel'],
  ['companyName', 'Company', 'organization'],
];

/** The contact is read-only once a customer was chosen for a quote with an ERP id. */
export const isContactAutofilled = (quote: Pick<TQuote, 'erpId' | 'contactId'>): boolean =>
  quote.erpId !== null && quote.contactId !== null;

const ADDRESS_TITLES: Record<TAddressKind, string> = {
  billingAddress: 'Billing Address',
  shippingAddress: 'Shipping Address',
};

type TAddressCardProps = {
  kind: TAddressKind;
  /** The address as saved: a half-typed one says which fields it still lacks. */
  saved: TAddress | null;
  control: Control<TCustomerTabForm>;
  onBlur: (kind: TAddressKind) => void;
  /** A locked quote's address shows but does not change. */
  isDisabled: boolean;
  children?: ReactNode;
};

/** One of the quote's addresses, saved when the focus leaves one of its fields. */
function AddressCard({ kind, saved, control, onBlur, isDisabled, children }: TAddressCardProps) {
  const missing = missingAddressFields(saved);
  return (
    <Card component="section" aria-labelledby={`quote-${kind}-title`} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={`quote-${kind}-title`} variant="h5" component="h2" sx={{ mb: 2 }}>
        {ADDRESS_TITLES[kind]}
      </Typography>
      <Box onBlur={() => onBlur(kind)}>
        <AddressFields control={control} prefix={`${kind}.`} isRequired={false} isDisabled={isDisabled} />
      </Box>
      {missing.length > 0 && (
        <Alert severity="info" variant="outlined" sx={{ mt: 2 }} data-testid={`${kind}-missing`}>
          {`What you typed is saved. Still missing: ${missing.join(', ')}.`}
        </Alert>
      )}
      {children}
    </Card>
  );
}

type TCustomerTabProps = { quote: TQuote; onReload: () => Promise<TQuote | undefined> };

/** The Customer tab: contact and billing/shipping addresses, each field saved on blur; autofill from a customer. */
export function CustomerTab({ quote, onReload }: TCustomerTabProps) {
  const toast = useToast();
  const { user } = useSession();
  const canPickCustomer = (user?.roleLevel ?? ROLE_LEVEL.public) >= ROLE_LEVEL.registered;
  const update = useUpdateQuote(quote.id);
  const setCustomer = useSetQuoteCustomer(quote.id);
  const { control, getValues, setError, clearErrors, reset } = useForm<TCustomerTabForm>({
    defaultValues: customerTabDefaults(quote),
  });
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (refetchTimer.current) clearTimeout(refetchTimer.current);
    },
    [],
  );
  // Saved values (and another user's, after the refetch) show; what the user is typing stays.
  useEffect(() => {
    reset(customerTabDefaults(quote), { keepDirtyValues: true, keepErrors: true });
  }, [quote, reset]);

  const isLocked = isContactAutofilled(quote);
  const isQuoteLocked = lockRefusal(quote) !== null;
  // The box follows the click at once, in the click's own render (a controlled box whose state changes only later
  // is first put back by React, and flickers), for as long as the quote is the version it was clicked on: the save
  // makes a new one, which has the change; a failed save lets go of the click.
  const [clicked, setClicked] = useState<{ isSame: boolean; version: number } | null>(null);
  const isSameAddress = clicked?.version === quote.version ? clicked.isSame : isShippingSameAsBilling(quote);
  const lockedMessage = (user?.roleLevel ?? 0) >= ADMIN_LEVEL ? MSG.customerAutofilledAdmin : MSG.customerAutofilled;

  /** Saves what a blur asks for; the quote is read again REFETCH_DELAY_MS later, or at once. */
  const send = (
    outcome: TBlurSave,
    { refetchNow = false, onFailed }: { refetchNow?: boolean; onFailed?: () => void } = {},
  ) => {
    if (outcome.kind === 'none' || isQuoteLocked) return;
    for (const error of outcome.errors ?? [])
      setError(error.path as Path<TCustomerTabForm>, { message: error.message });
    if (outcome.kind === 'invalid') return;
    update.mutate(outcome.patch, {
      onSuccess: () => {
        if (refetchTimer.current) clearTimeout(refetchTimer.current);
        if (refetchNow) void onReload();
        else refetchTimer.current = setTimeout(() => void onReload(), REFETCH_DELAY_MS);
      },
      onError: (error) => {
        onFailed?.();
        if (!hasCode(error, 'CONFLICT')) toast.error(errorText(error));
      },
    });
  };
  const handleContactBlur = (field: TContactField) => {
    if (isLocked) return;
    clearErrors(field);
    send(contactSave(field, getValues(field), quote.contact?.[field]));
  };
  const handleAddressBlur = (kind: TAddressKind) => {
    clearErrors(kind);
    send(addressSave(kind, getValues(kind), quote[kind], { sameAsShipping: isSameAddress }));
  };
  // Both flags say the same: the quote's sameAsBilling and its billing address's sameAsShipping (the Summary's rule).
  const handleSameAsBilling = (checked: boolean) => {
    const billing = quote.billingAddress;
    const patch: TQuotePatch = { sameAsBilling: checked };
    if (billing) {
      const { Address, Address2, City, State, Zip } = billing;
      patch.billingAddress = { Address, Address2, City, State, Zip, sameAsShipping: checked };
    }
    setClicked({ isSame: checked, version: quote.version });
    send({ kind: 'save', patch }, { refetchNow: true, onFailed: () => setClicked(null) });
  };
  const warnLocked = () => toast.warning(lockedMessage);

  return (
    <Stack sx={{ gap: 3 }}>
      {(update.isPending || setCustomer.isPending) && <LinearProgress aria-label="Saving" />}
      <SaveErrorAlert
        error={update.error ?? setCustomer.error}
        onReload={() => {
          update.reset();
          setCustomer.reset();
          void onReload();
        }}
      />
      <Card component="section" aria-labelledby="quote-contact-title" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="quote-contact-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          Contact
        </Typography>
        {canPickCustomer && !isQuoteLocked && (
          <Box sx={{ mb: 2.5 }}>
            <CustomerPicker
              quoteId={quote.id}
              customerId={quote.contactId}
              isPending={setCustomer.isPending}
              onPick={(customerId) =>
                setCustomer.mutate(customerId, {
                  onSuccess: (saved) => {
                    reset(customerTabDefaults(saved));
                    // The lines were priced again for the new customer: say what changed.
                    if (saved.pricingMessage) toast.info(saved.pricingMessage);
                  },
                })
              }
            />
          </Box>
        )}
        {isLocked && (
          <Typography role="note" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {lockedMessage}
          </Typography>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {CONTACT_LABELS.map(([field, label, autoComplete]) => (
            <Box key={field} onBlur={() => handleContactBlur(field)}>
              <FormTextField
                control={control}
                name={field}
                label={label}
                autoComplete={autoComplete}
                type={field === 'email' ? 'email' : field.toLowerCase().includes('phone') ? 'tel' : 'text'}
                readOnly={isLocked}
                disabled={isQuoteLocked}
                onClick={isLocked ? warnLocked : undefined}
                onKeyDown={isLocked ? (event) => event.key !== 'Tab' && warnLocked() : undefined}
              />
            </Box>
          ))}
        </Box>
      </Card>
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <AddressCard
          kind="billingAddress"
          saved={quote.billingAddress}
          control={control}
          onBlur={handleAddressBlur}
          isDisabled={isQuoteLocked}
        >
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Checkbox
                checked={isSameAddress}
                disabled={update.isPending || isQuoteLocked}
                onChange={(event) => handleSameAsBilling(event.target.checked)}
              />
            }
            label="Shipping address is the same as billing"
          />
        </AddressCard>
        {!isSameAddress && (
          <AddressCard
            kind="shippingAddress"
            saved={quote.shippingAddress}
            control={control}
            onBlur={handleAddressBlur}
            isDisabled={isQuoteLocked}
          />
        )}
      </Box>
    </Stack>
  );
}
