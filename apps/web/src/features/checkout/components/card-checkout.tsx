import { ADMIN_LEVEL, formatCurrency, MSG, type TQuote } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { errorText } from '../../../lib/api';
import { useSession } from '../../auth/hooks/use-session';
import { isContactAutofilled } from '../../quotes/components/customer-tab';
import { type TPayArgs, usePayment, usePaymentConfig } from '../hooks/use-checkout';
import {
  billingContactDefaults,
  billingContactPatch,
  type TBillingContactForm,
  type TBillingContactValues,
  ZBillingContactForm,
} from '../logic/billing-contact.schema';
import { orderBlock } from '../logic/order-blocks';
import { BillingContactFields } from './billing-contact-fields';
import { CheckoutErrorAlert } from './checkout-error-alert';
import { TestCardForm } from './test-card-form';

// Stripe.js and its React bindings load only when the platform's provider is Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

const NOT_SET_UP = 'Card payments are not set up for this platform yet. Contact your administrator to order.';

function PanelSpinner() {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress size={32} aria-label="Loading the card form" />
    </Box>
  );
}

type TCardCheckoutProps = { quote: TQuote; onReload: () => Promise<unknown> };

/**
 * Card checkout (spec section 6, checkoutType 'stripe'): the billing contact (prefilled from the quote, else the
 * signed-in user), the provider's card form, then the payment call, which first saves the contact on the quote.
 */
export function CardCheckout({ quote, onReload }: TCardCheckoutProps) {
  const { user } = useSession();
  const config = usePaymentConfig(true);
  const payment = usePayment(quote);
  const block = orderBlock(quote);
  const contact = useForm<TBillingContactForm, unknown, TBillingContactValues>({
    resolver: zodResolver(ZBillingContactForm),
    mode: 'onSubmit',
    defaultValues: billingContactDefaults(quote, user),
  });
  const { reset } = contact;
  // A save elsewhere (the Customer tab, another user) shows here; what the buyer is typing stays.
  useEffect(() => {
    reset(billingContactDefaults(quote, user), { keepDirtyValues: true, keepErrors: true });
  }, [quote, user, reset]);
  const isReadOnly = isContactAutofilled(quote);
  const readOnlyNote = (user?.roleLevel ?? 0) >= ADMIN_LEVEL ? MSG.customerAutofilledAdmin : MSG.customerAutofilled;
  // The card form checks the card first; then the contact, whose errors show (and take the focus) before any charge.
  const handlePay = (args: TPayArgs) =>
    void contact.handleSubmit((values) => payment.submit({ ...args, contact: billingContactPatch(values, quote) }))();
  const handleReload = () => {
    payment.reset();
    void onReload();
  };

  if (config.isPending) return <PanelSpinner />;
  if (config.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void config.refetch()}>
            Try again
          </Button>
        }
      >
        {errorText(config.error)}
      </Alert>
    );
  }
  const formProps = {
    payLabel: `Pay ${formatCurrency(quote.totalCost, quote.currency)}`,
    isPaying: payment.isPending,
    isBlocked: block !== null,
    onPay: handlePay,
  };
  return (
    <Stack spacing={1.5}>
      {block && <Alert severity="info">{block}</Alert>}
      <CheckoutErrorAlert error={payment.error} onReload={handleReload} />
      <BillingContactFields
        control={contact.control}
        isContactReadOnly={isReadOnly}
        readOnlyNote={readOnlyNote}
        isDisabled={block !== null || payment.isPending}
      />
      <Divider sx={{ pt: 1 }} />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Card
      </Typography>
      {config.data.provider === 'test' && <TestCardForm {...formProps} />}
      {config.data.provider === 'stripe' &&
        (config.data.publishableKey ? (
          <Suspense fallback={<PanelSpinner />}>
            <StripeCardForm publishableKey={config.data.publishableKey} {...formProps} />
          </Suspense>
        ) : (
          <Alert severity="warning">{NOT_SET_UP}</Alert>
        ))}
    </Stack>
  );
}
