import { formatCurrency, PORTAL_CONSENT_TEXT, type TPortalQuote } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, lazy, Suspense, useMemo } from 'react';
import { type Control, useController, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../ui/form-text-field';
import { TestCardForm } from '../../checkout/components/test-card-form';
import type { TPayArgs } from '../../checkout/hooks/use-checkout';
import { useAcceptQuote } from '../hooks/use-accept-quote';
import { acceptProblem } from '../logic/accept-errors';
import {
  ACCEPT_FORM_DEFAULTS,
  acceptFormSchema,
  type TAcceptForm,
  type TAcceptFormValues,
} from '../logic/accept-form.schema';
import type { TPortalView } from './portal-document';
import { SignatureField } from './signature-field';

// Stripe.js loads only when the platform's provider is Stripe.
const StripeCardForm = lazy(() =>
  import('../../checkout/components/stripe-card-form').then((m) => ({ default: m.StripeCardForm })),
);

const NOT_SET_UP = 'Card payments are not set up for this quote. Ask the sender how to pay for it.';

function ConsentBox({ control }: { control: Control<TAcceptForm, unknown, TAcceptFormValues> }) {
  const { field, fieldState } = useController({ control, name: 'consent' });
  return (
    <Box>
      <FormControlLabel
        sx={{ alignItems: 'flex-start' }}
        control={
          <Checkbox
            checked={field.value}
            onChange={(_event, checked) => field.onChange(checked)}
            sx={{ mt: -0.75 }}
            slotProps={{
              input: { ref: field.ref, 'aria-describedby': fieldState.error ? 'consent-error' : undefined },
            }}
          />
        }
        label={PORTAL_CONSENT_TEXT}
      />
      {fieldState.error && (
        <FormHelperText id="consent-error" error>
          {fieldState.error.message}
        </FormHelperText>
      )}
    </Box>
  );
}

function PanelSpinner() {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress size={32} aria-label="Loading the card form" />
    </Box>
  );
}

type TCardPaymentProps = {
  card: TPortalQuote['payment']['card'];
  total: string;
  currency: string;
  isPaying: boolean;
  onPay: (args: TPayArgs) => void;
};

/** The checkout's own card form (the test gateway's or Stripe's), for the server's total. */
function CardPayment({ card, total, currency, isPaying, onPay }: TCardPaymentProps) {
  const payLabel = `Accept and pay ${formatCurrency(total, currency)}`;
  const formProps = { payLabel, isPaying, isBlocked: false, onPay };
  if (card?.provider === 'test') return <TestCardForm {...formProps} />;
  if (card?.provider === 'stripe' && card.publishableKey) {
    return (
      <Suspense fallback={<PanelSpinner />}>
        <StripeCardForm publishableKey={card.publishableKey} {...formProps} />
      </Suspense>
    );
  }
  return <Alert severity="warning">{NOT_SET_UP}</Alert>;
}

type TAcceptPanelProps = { token: string; quote: TPortalQuote; view: TPortalView };

/**
 * Accept: the signer's full name and title, a drawn or typed signature, consent to the terms, then payment: the card
 * form when the platform takes cards (the amount is the server's total), else a PO number. The fields are checked
 * before any card is charged.
 */
export function AcceptPanel({ token, quote, view }: TAcceptPanelProps) {
  const method = quote.payment.method;
  const schema = useMemo(() => acceptFormSchema(method), [method]);
  const form = useForm<TAcceptForm, unknown, TAcceptFormValues>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    defaultValues: ACCEPT_FORM_DEFAULTS,
  });
  const accept = useAcceptQuote(token, view);
  const signerName = useWatch({ control: form.control, name: 'signerName' });
  const problem = accept.error ? acceptProblem(accept.error) : null;

  const handlePo = form.handleSubmit((values) => accept.submit({ values }));
  const handleCard = (card: TPayArgs) => void form.handleSubmit((values) => accept.submit({ values, card }))();

  return (
    <Card component="section" aria-labelledby="accept-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="accept-title" variant="h5" component="h2">
        Accept this quote
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {`Total ${formatCurrency(view.total, view.currency)}. Sign below to accept it${method === 'card' ? ' and pay by card' : ''}.`}
      </Typography>
      <Box
        component={method === 'po' ? 'form' : 'div'}
        noValidate
        onSubmit={method === 'po' ? (event: FormEvent) => void handlePo(event) : undefined}
        aria-label={method === 'po' ? 'Accept the quote' : undefined}
      >
        <Stack sx={{ gap: 2.5 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <FormTextField control={form.control} name="signerName" label="Full name" autoComplete="name" required />
            <FormTextField
              control={form.control}
              name="signerTitle"
              label="Title"
              autoComplete="organization-title"
              required
            />
          </Box>
          <SignatureField control={form.control} signerName={signerName} />
          <ConsentBox control={form.control} />
          {problem && <Alert severity={problem.severity}>{problem.text}</Alert>}
          {method === 'po' && (
            <>
              <FormTextField
                control={form.control}
                name="poNumber"
                label="Purchase-order number"
                required
                helperText="Your PO number for this order."
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                startIcon={<HowToRegOutlined />}
                loading={accept.isPending}
                loadingPosition="start"
                sx={{ minHeight: 48 }}
              >
                Accept quote
              </Button>
            </>
          )}
        </Stack>
      </Box>
      {method === 'card' && (
        <>
          <Divider sx={{ my: 2.5 }} />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Card
          </Typography>
          <CardPayment
            card={quote.payment.card}
            total={view.total}
            currency={view.currency}
            isPaying={accept.isPending}
            onPay={handleCard}
          />
        </>
      )}
    </Card>
  );
}
