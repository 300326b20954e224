import { formatCurrency, formatDate, orDash, quoteDiscountRows, type TPortalQuote } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../quotes/components/line-details';
import { AmountList, Facts } from '../../quotes/components/summary-blocks';
import { PortalLines } from './portal-lines';

export type TPortalView = NonNullable<TPortalQuote['view']>;
type TPortalAddress = TPortalView['billing'];

function AddressFacts({ title, address }: { title: string; address: TPortalAddress }) {
  if (!address) return null;
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [address.address, address.address2, cityLine].filter((line): line is string => Boolean(line));
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {lines.length === 0 ? (
        <Typography variant="body2">{orDash(null)}</Typography>
      ) : (
        lines.map((line) => (
          <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))
      )}
    </Box>
  );
}

type TPortalDocumentProps = { token: string; quote: TPortalQuote; view: TPortalView; canChoose: boolean };

/**
 * The shared quote as its PDF shows it: who sends it, its number and revision, the project, who prepared it and
 * until when it holds, the customer and addresses, the lines, the total (the server's) and the terms.
 */
export function PortalDocument({ token, quote, view, canChoose }: TPortalDocumentProps) {
  const sameAddress = JSON.stringify(view.billing) === JSON.stringify(view.shipping);
  return (
    <Card component="article" aria-labelledby="portal-quote-title" sx={{ p: { xs: 2, md: 4 }, minWidth: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{quote.company}</Typography>
          <Typography id="portal-quote-title" variant="h1" sx={{ color: 'primary.main' }}>
            {`Quote #${quote.quoteNumber}`}
          </Typography>
          <Typography color="text.secondary">{`Revision ${view.revision}`}</Typography>
        </Box>
        <Facts
          facts={[
            { label: 'Project', value: orDash(view.projectName) },
            {
              label: 'Prepared by',
              value: (
                <>
                  {view.preparedBy}
                  <br />
                  <Link href={`mailto:${view.preparedByEmail}`}>{view.preparedByEmail}</Link>
                </>
              ),
            },
            { label: 'Quote date', value: formatDate(view.printedAt) },
            ...(view.validUntil ? [{ label: 'Valid until', value: formatDate(view.validUntil) }] : []),
          ]}
        />
      </Stack>
      <Divider sx={{ my: 3 }} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fit, minmax(200px, 1fr))' },
        }}
      >
        <Facts
          title="Customer"
          headingLevel="h2"
          facts={[
            { label: 'Name', value: orDash(view.customer.name) },
            { label: 'Company', value: orDash(view.customer.companyName) },
            { label: 'E-mail', value: orDash(view.customer.email) },
          ]}
        />
        <AddressFacts title={sameAddress ? 'Billing and shipping' : 'Billing address'} address={view.billing} />
        {!sameAddress && <AddressFacts title="Shipping address" address={view.shipping} />}
      </Box>
      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 1.5 }}>
        Lines
      </Typography>
      <PortalLines token={token} lines={view.lines} canChoose={canChoose} currency={view.currency} />
      {view.quoteDiscount && (
        <AmountList
          label="Quote discount"
          rows={quoteDiscountRows(
            {
              subtotal: view.quoteDiscount.subtotal,
              discountPercent: view.quoteDiscount.percent,
              discount: view.quoteDiscount.amount,
            },
            view.currency,
          )}
        />
      )}
      <Stack
        direction="row"
        sx={{ justifyContent: 'flex-end', mt: 2, gap: 2, alignItems: 'baseline' }}
        role="status"
        aria-live="polite"
      >
        <Typography color="text.secondary">Total</Typography>
        <Typography
          data-testid="portal-total"
          sx={{ fontSize: '1.5rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatCurrency(view.total, view.currency)}
        </Typography>
      </Stack>
      {view.terms.length > 0 && (
        <>
          <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 1.5 }}>
            Terms
          </Typography>
          <DetailList items={view.terms} label="Terms" />
        </>
      )}
    </Card>
  );
}
