import { EM_DASH, formatCurrency, formatDate, orDash } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { customerName, quoteNumber, type TQuoteRow } from './quote-columns';

type TQuoteCardProps = {
  quote: TQuoteRow;
  status: string;
  hasCreatedBy: boolean;
  /** The customer as the list shows it (default: the contact's name). */
  customer?: string;
  /** The date the card shows (default: Created On). */
  date?: { label: string; value: string | null | undefined };
  /** A last line under the customer (a quote request's taker). */
  note?: string;
};

/** A quote or order in the card view (phones): number and status, the project, then customer, date and value. */
export function QuoteCard({ quote, status, hasCreatedBy, ...props }: TQuoteCardProps) {
  const customer = props.customer ?? customerName(quote);
  const date = props.date ?? { label: 'Created On', value: quote.createdDate };
  return (
    <Box sx={{ pr: 5, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="p" sx={{ lineHeight: 1.3 }}>
          {quote.isPending ? 'Copying…' : quoteNumber(quote)}
        </Typography>
        {status !== EM_DASH && <Chip label={status} size="small" color="primary" variant="outlined" />}
      </Stack>
      <Typography sx={{ mt: 0.25, fontWeight: 500, overflowWrap: 'anywhere' }}>{orDash(quote.name)}</Typography>
      {customer !== EM_DASH && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {customer}
        </Typography>
      )}
      {props.note && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {props.note}
        </Typography>
      )}
      {hasCreatedBy && quote.createdByEmail && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          By {quote.createdByEmail}
        </Typography>
      )}
      <Stack direction="row" sx={{ mt: 1, justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {date.label} {formatDate(date.value)}
        </Typography>
        <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {formatCurrency(quote.totalCost, quote.currency)}
        </Typography>
      </Stack>
    </Box>
  );
}
