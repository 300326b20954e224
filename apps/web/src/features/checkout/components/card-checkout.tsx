import { formatCurrency, type TQuote } from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { errorText } from '../../../lib/api';
import { usePayment, usePaymentConfig } from '../hooks/use-checkout';
import { orderBlock } from '../logic/order-blocks';
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

/** Card checkout (spec section 6, checkoutType 'stripe'): the provider's card form, then the payment call. */
export function CardCheckout({ quote, onReload }: TCardCheckoutProps) {
  const config = usePaymentConfig(true);
  const payment = usePayment(quote);
  const block = orderBlock(quote);
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
    payLabel: `Pay ${formatCurrency(quote.totalCost)}`,
    isPaying: payment.isPending,
    isBlocked: block !== null,
    onPay: payment.submit,
  };
  return (
    <Stack spacing={1.5}>
      {block && <Alert severity="info">{block}</Alert>}
      <CheckoutErrorAlert error={payment.error} onReload={handleReload} />
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
