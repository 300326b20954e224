import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import { CHECKOUT_MESSAGES } from '../logic/checkout-errors';
import type { TCardFormProps } from './card-form-props';
import { PayButton } from './pay-button';

// One Stripe.js per publishable key for the page's life; this module itself loads only for Stripe checkouts.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const known = stripes.get(publishableKey);
  if (known) return known;
  const loading = loadStripe(publishableKey);
  stripes.set(publishableKey, loading);
  return loading;
}

const CARD_UNREADABLE = 'We could not read this card. Check the details and try again.';

function StripeCardFields({ payLabel, isPaying, isBlocked, onPay }: TCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useTheme();
  const [isCreating, setIsCreating] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || isCreating || isPaying || isBlocked) return;
    setIsCreating(true);
    setCardError(null);
    const created = await stripe.createPaymentMethod({ type: 'card', card });
    setIsCreating(false);
    if (created.error) {
      setCardError(created.error.message ?? CARD_UNREADABLE);
      return;
    }
    onPay({
      paymentMethod: created.paymentMethod.id,
      confirmAction: async (clientSecret) => {
        const confirmed = await stripe.handleNextAction({ clientSecret });
        if (confirmed.error) throw new Error(confirmed.error.message ?? CHECKOUT_MESSAGES.notConfirmed);
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)} aria-label="Card details">
      {cardError && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {cardError}
        </Alert>
      )}
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 2 }}>
        <CardElement
          options={{
            hidePostalCode: false,
            style: {
              base: {
                color: theme.palette.text.primary,
                fontFamily: theme.typography.fontFamily,
                fontSize: '16px',
                '::placeholder': { color: theme.palette.text.secondary },
              },
              invalid: { color: theme.palette.error.main },
            },
          }}
        />
      </Box>
      <PayButton label={payLabel} isBusy={isCreating || isPaying} isDisabled={!stripe || isBlocked} />
    </Box>
  );
}

/** Stripe Elements' card field with the publishable key; it creates the payment method in the browser. */
export function StripeCardForm({ publishableKey, ...props }: TCardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
