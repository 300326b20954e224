import {
  ADMIN_LEVEL,
  EM_DASH,
  formatCurrency,
  isOrder,
  isQuote,
  isQuoteRequest,
  MSG,
  orDash,
  type TQuote,
} from '@cpq/contracts';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LogoMark } from '../../../app/shell/logo';
import { useSession } from '../../auth/hooks/use-session';
import { OrderStatusSelect } from '../../orders/components/order-status-select';
import { useOrderStatusLabel } from '../../orders/hooks/use-order-status';
import { useOrderRmas } from '../../rmas/components/order-rmas';
import { quotesApi } from '../api/quotes.api';
import { useCommunications } from '../hooks/use-communications';
import { useOpenDocument } from '../hooks/use-open-document';
import { useQuoteStatusTypes } from '../hooks/use-status-types';
import { CheckoutPanel } from './checkout-panel';
import { CommunicationsList } from './communications-panel';
import { PRINT_AREA_ID } from './print-styles';
import { canEditQuote } from './quote-access';
import { QuoteDocuments } from './quote-documents';
import { quoteTitle } from './quote-lines';
import { QuoteShares } from './quote-shares';
import {
  AddressBlock,
  ContactBlock,
  Facts,
  isShippingSameAsBilling,
  SummaryLines,
  SummaryTotals,
} from './summary-blocks';

/** The status shown on the Summary: the status type's name by statusTypeId, '—' when none. */
export function useStatusName(statusTypeId: number | null): string {
  const statusTypes = useQuoteStatusTypes();
  if (statusTypeId === null) return EM_DASH;
  return statusTypes.data?.find((status) => status.id === statusTypeId)?.name ?? EM_DASH;
}

function SummaryHeader({ quote }: { quote: TQuote }) {
  const { platform } = useSession();
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', minWidth: 0 }}>
      <LogoMark size={44} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{platform?.name ?? 'Open CPQ'}</Typography>
        <Typography variant="h4" component="h2" className="quote-brand" sx={{ color: 'primary.main' }}>
          {quoteTitle(quote)}
        </Typography>
      </Box>
    </Stack>
  );
}

type TQuoteSummaryProps = { quote: TQuote; onReload: () => Promise<TQuote | undefined> };

/**
 * The Summary tab: the printable quote (what the browser prints) and beside it the payment or PO panel (type 1), an
 * administrator's Status select (orders) and the printed revisions.
 */
export function QuoteSummary({ quote, onReload }: TQuoteSummaryProps) {
  const comments = useCommunications(quote.id);
  const statusName = useStatusName(quote.statusTypeId);
  const orderStatus = useOrderStatusLabel(quote);
  const { user } = useSession();
  const isAdmin = (user?.roleLevel ?? 0) >= ADMIN_LEVEL;
  const openDocument = useOpenDocument();
  const isPlaced = isOrder(quote);
  const isSameAddress = isShippingSameAsBilling(quote);
  const orderRmas = useOrderRmas(quote);
  const renderOrderActions = isPlaced
    ? (line: NonNullable<TQuote['lines']>[number]) => (
        <Stack
          direction="row"
          sx={{
            gap: 0.5,
            alignItems: 'center',
            justifyContent: { xs: 'flex-start', md: 'flex-end' },
            flexWrap: { xs: 'wrap', md: 'nowrap' },
          }}
        >
          {orderRmas.renderLineAction(line)}
          <IconButton
            size="small"
            aria-label={`Pricing document of ${line.CfgPartNumber ?? line.partNumber ?? line.productName ?? line.id}`}
            onClick={() =>
              openDocument.mutate({
                find: async () => (await quotesApi.getPricingDoc(line.id)).current,
                emptyMessage: MSG.noDocumentAvailable,
              })
            }
          >
            <DescriptionOutlined fontSize="small" />
          </IconButton>
        </Stack>
      )
    : undefined;

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 280px' } }}>
      <Card id={PRINT_AREA_ID} component="article" aria-label="Quote summary" sx={{ p: { xs: 2, md: 4 }, minWidth: 0 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, justifyContent: 'space-between' }}>
          <SummaryHeader quote={quote} />
          <Facts
            facts={[
              { label: 'Total', value: <strong>{formatCurrency(quote.totalCost)}</strong> },
              { label: 'Status', value: isPlaced ? orderStatus : statusName },
              { label: 'Job Name', value: orDash(quote.name) },
              { label: 'PO Number', value: orDash(quote.poNumber) },
            ]}
          />
        </Stack>
        <Divider sx={{ my: 3 }} />
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: 'repeat(2, minmax(0, 1fr))',
              lg: isSameAddress ? 'repeat(2, minmax(0, 1fr))' : 'repeat(3, minmax(0, 1fr))',
            },
            '@media print': {
              gridTemplateColumns: isSameAddress ? 'repeat(2, minmax(0, 1fr))' : 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          <ContactBlock contact={quote.contact} />
          <AddressBlock
            title={isSameAddress ? 'Billing and Shipping' : 'Billing Address'}
            address={quote.billingAddress}
          />
          {!isSameAddress && <AddressBlock title="Shipping Address" address={quote.shippingAddress} />}
        </Box>
        <Typography variant="h6" component="h3" sx={{ mt: 4, mb: 1 }}>
          Lines
        </Typography>
        <SummaryLines
          lines={quote.lines ?? []}
          renderActions={renderOrderActions}
          discountPercent={quote.discountPercent}
        />
        <SummaryTotals quote={quote} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2, gap: 2, alignItems: 'baseline' }}>
          <Typography color="text.secondary">{MSG.totalPrice}</Typography>
          <Typography sx={{ fontSize: '1.25rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
            {formatCurrency(quote.totalCost)}
          </Typography>
        </Stack>
        {orderRmas.section}
        <Typography variant="h6" component="h3" sx={{ mt: 4, mb: 1 }}>
          Comments
        </Typography>
        <CommunicationsList items={comments.data?.rows ?? []} />
      </Card>
      <Stack sx={{ gap: 3 }} className="no-print">
        {isQuote(quote) && <CheckoutPanel quote={quote} onReload={onReload} />}
        {isPlaced && isAdmin && <OrderStatusSelect order={quote} />}
        {!isQuoteRequest(quote) && canEditQuote(user, quote) && <QuoteShares quote={quote} />}
        <QuoteDocuments quote={quote} />
      </Stack>
      {orderRmas.dialog}
    </Box>
  );
}
