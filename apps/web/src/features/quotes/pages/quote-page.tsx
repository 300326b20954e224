import { formatCurrency, formatDate, MSG, type TQuote } from '@cpq/contracts';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorText } from '../../../lib/api';
import { EmptyState } from '../../../ui/generic-list/list-states';
import { PageSpinner } from '../../../ui/page-spinner';
import { useProductCatalog } from '../../catalog/components/product-catalog-button';
import { quoteTitle } from '../components/quote-lines';
import { QuoteLinesTable } from '../components/quote-lines-table';
import { useQuote } from '../hooks/use-quote';

/** New lines go on quotes and quote requests that are not locked; orders take none. */
const canTakeLines = (quote: TQuote): boolean => !quote.isLocked && quote.type !== 2;

function QuoteHeading({ quote }: { quote: TQuote }) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      sx={{ gap: { xs: 1.5, md: 3 }, alignItems: { md: 'flex-end' }, justifyContent: 'space-between', mb: 3 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1">{quoteTitle(quote)}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {[quote.name, `Created ${formatDate(quote.createdDate)}`, quote.createdByEmail].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      <Box sx={{ textAlign: { md: 'right' }, flexShrink: 0 }}>
        <Typography variant="body2" color="text.secondary">
          Total
        </Typography>
        <Typography
          data-testid="quote-total"
          sx={{ fontSize: '1.75rem', fontWeight: 800, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatCurrency(quote.totalCost)}
        </Typography>
      </Box>
    </Stack>
  );
}

function QuoteView({ quote }: { quote: TQuote }) {
  const lines = quote.lines ?? [];
  const isEditable = canTakeLines(quote);
  const catalog = useProductCatalog(quote.id);
  const canAdd = isEditable && catalog.canOpen;
  return (
    <>
      <QuoteHeading quote={quote} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1.5 }}>
        <Typography variant="h4" component="h2">
          Lines{lines.length > 0 && ` (${lines.length})`}
        </Typography>
        {canAdd && lines.length > 0 && (
          <Button variant="outlined" startIcon={<MenuBookOutlined />} onClick={catalog.open}>
            Catalog
          </Button>
        )}
      </Stack>
      {!isEditable && (
        <Typography role="note" color="text.secondary" sx={{ mb: 1.5 }}>
          {MSG.quoteNotEditable}
        </Typography>
      )}
      {lines.length > 0 ? (
        <QuoteLinesTable lines={lines} quoteId={quote.id} isEditable={isEditable} />
      ) : (
        <EmptyState
          search=""
          title="No lines yet"
          description={
            canAdd ? 'Open the Catalog to configure a product, or to add a fixed-price product as it is.' : undefined
          }
          onClearSearch={() => undefined}
          create={canAdd ? { label: 'Catalog', onClick: catalog.open } : undefined}
        />
      )}
      {catalog.dialog}
    </>
  );
}

/** /Quote/{quoteId}: the quote's title and total, and its lines with the Catalog to add more. */
export function QuotePage() {
  const { quoteId } = useParams();
  const id = Number(quoteId);
  const quote = useQuote(id);
  const isValidId = Number.isSafeInteger(id) && id > 0;

  let body: ReactNode;
  if (!isValidId || quote.isError) {
    body = (
      <Alert severity="error" sx={{ maxWidth: 640, mx: 'auto', mt: { md: 4 } }}>
        <AlertTitle component="h1">{`Quote #${quoteId ?? ''} cannot be shown`}</AlertTitle>
        {isValidId ? errorText(quote.error) : MSG.notFound}
        <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/" variant="outlined" color="inherit" size="small">
            Back to home
          </Button>
          {isValidId && (
            <Button color="inherit" size="small" onClick={() => void quote.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    );
  } else if (quote.isPending) {
    body = <PageSpinner label="Loading the quote" />;
  } else {
    body = <QuoteView quote={quote.data} />;
  }
  return (
    <Box sx={{ width: '100%', maxWidth: 1440, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 3, md: 4 } }}>{body}</Box>
  );
}
