import { approvalRefusal, type TQuote } from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useApprovalStanding } from '../../approvals/hooks/use-approvals';
import { useSession } from '../../auth/hooks/use-session';
import { CardCheckout } from '../../checkout/components/card-checkout';
import { PoNumberForm } from './po-number-form';

type TCheckoutPanelProps = { quote: TQuote; onReload: () => Promise<TQuote | undefined> };

/**
 * The payment or PO panel of a type 1 quote's Summary (spec section 2): the card form for card-checkout users
 * (checkoutType 'stripe', section 6), else the PO panel with 'Place Order'. A quote that waits for approval says so
 * instead, in the words the server's refusal would use.
 */
export function CheckoutPanel({ quote, onReload }: TCheckoutPanelProps) {
  const isCard = useSession().user?.checkoutType === 'stripe';
  const titleId = `checkout-title-${quote.id}`;
  const standing = useApprovalStanding(quote.id, quote.version);
  const refusal = standing ? approvalRefusal(standing) : null;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {isCard ? 'Pay by Card' : 'Purchase Order'}
      </Typography>
      {refusal ? (
        <Alert severity="info">{refusal.message}</Alert>
      ) : isCard ? (
        <CardCheckout quote={quote} onReload={onReload} />
      ) : (
        <PoNumberForm quote={quote} onReload={onReload} />
      )}
    </Card>
  );
}
