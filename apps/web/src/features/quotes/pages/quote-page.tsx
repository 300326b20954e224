import { formatCurrency, formatDate, isDatabaseId, isOrder, isQuote, MSG, type TQuote } from '@cpq/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorText } from '../../../lib/api';
import { lazyPart, usePreload } from '../../../ui/lazy-part';
import { PageSpinner } from '../../../ui/page-spinner';
import { TOAST_CLEARANCE } from '../../../ui/toast-clearance';
import { useSession } from '../../auth/hooks/use-session';
import { useOrderStatusLabel } from '../../orders/hooks/use-order-status';
import { QuotePrintStyles } from '../components/print-styles';
import { canEditQuote } from '../components/quote-access';
import { type TQuoteTab, tabIndexFrom, tabsOf } from '../components/quote-actions';
import { QuoteButtons } from '../components/quote-buttons';
import { quoteTitle } from '../components/quote-lines';
import { QuoteLockedBanner } from '../components/quote-lock';
import { QuoteRequestBanner } from '../components/quote-request-banner';
import { useQuote } from '../hooks/use-quote';
import { quoteTabKey, useSessionValue } from '../hooks/use-session-value';

// Each tab's code (forms, pickers, the lines table, the summary's checkout) loads beside the quote's data, after the
// first paint; the page spinner holds the tab's place if the data comes first.
const LinesTab = lazyPart(() => import('../components/lines-tab').then((m) => m.LinesTab));
const DetailsTab = lazyPart(() => import('../components/details-tab').then((m) => m.DetailsTab));
const CustomerTab = lazyPart(() => import('../components/customer-tab').then((m) => m.CustomerTab));
const QuoteSummary = lazyPart(() => import('../components/quote-summary').then((m) => m.QuoteSummary));
const ApprovalPanel = lazyPart(() => import('../../approvals/components/approval-panel').then((m) => m.ApprovalPanel));

/** An order's status after its number; it follows live changes, so screen readers hear them. */
function OrderStatusChip({ order }: { order: TQuote }) {
  const label = useOrderStatusLabel(order);
  return (
    <Chip
      role="status"
      aria-label={`Order status: ${label}`}
      data-testid="order-status"
      label={label}
      color="success"
      variant="outlined"
    />
  );
}

function QuoteHeading({ quote }: { quote: TQuote }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h1">{quoteTitle(quote)}</Typography>
        {isOrder(quote) && <OrderStatusChip order={quote} />}
        {quote.isLocked && <Chip icon={<LockOutlined />} label="Locked" color="warning" data-testid="quote-locked" />}
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {[quote.name, `Created ${formatDate(quote.createdDate)}`, quote.createdByEmail].filter(Boolean).join(' · ')}
      </Typography>
      <Typography
        data-testid="quote-total"
        sx={{ mt: 0.5, fontSize: '1.5rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
      >
        {formatCurrency(quote.totalCost, quote.currency)}
      </Typography>
    </Box>
  );
}

type TQuoteTabsProps = { tabs: readonly TQuoteTab[]; index: number; onChange: (index: number) => void };

/** The tab strip with previous and next arrows. */
function QuoteTabs({ tabs, index, onChange }: TQuoteTabsProps) {
  return (
    <Stack
      {...TOAST_CLEARANCE}
      direction="row"
      className="no-print"
      sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 3 }}
    >
      <IconButton aria-label="Previous tab" disabled={index === 0} onClick={() => onChange(index - 1)}>
        <ChevronLeft />
      </IconButton>
      <Tabs
        value={index}
        onChange={(_event, next: number) => onChange(next)}
        variant="scrollable"
        scrollButtons={false}
        aria-label="Quote sections"
        sx={{ flex: 1, minWidth: 0 }}
      >
        {tabs.map((tab, tabIndex) => (
          <Tab key={tab} label={tab} id={`quote-tab-${tabIndex}`} aria-controls={`quote-tabpanel-${tabIndex}`} />
        ))}
      </Tabs>
      <IconButton aria-label="Next tab" disabled={index === tabs.length - 1} onClick={() => onChange(index + 1)}>
        <ChevronRight />
      </IconButton>
    </Stack>
  );
}

/** What a reader who may not change the quote sees (another's quote request): the Summary alone. */
const READ_ONLY_TABS: readonly TQuoteTab[] = ['Summary'];

function QuoteView({ quote, onReload }: { quote: TQuote; onReload: () => Promise<TQuote | undefined> }) {
  const { user } = useSession();
  const tabs = canEditQuote(user, quote) ? tabsOf(quote) : READ_ONLY_TABS;
  const [stored, setStored] = useSessionValue(quoteTabKey(quote.id));
  const index = tabIndexFrom(stored, tabs.length);
  const tab = tabs[index] ?? 'Summary';
  const showTab = (next: number) => setStored(String(next));
  const panels: Record<TQuoteTab, ReactNode> = {
    Lines: <LinesTab quote={quote} />,
    Details: <DetailsTab quote={quote} onReload={onReload} />,
    Customer: <CustomerTab quote={quote} onReload={onReload} />,
    Summary: <QuoteSummary quote={quote} onReload={onReload} />,
  };
  return (
    <>
      <QuotePrintStyles />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        className="no-print"
        sx={{ gap: 2, justifyContent: 'space-between', alignItems: { md: 'flex-start' }, mb: 2 }}
      >
        <QuoteHeading quote={quote} />
        <QuoteButtons quote={quote} isSummary={tab === 'Summary'} onShowTab={showTab} />
      </Stack>
      <QuoteLockedBanner quote={quote} />
      <QuoteRequestBanner quote={quote} onReload={onReload} />
      {isQuote(quote) && (
        <Suspense fallback={null}>
          <ApprovalPanel quote={quote} canEdit={canEditQuote(user, quote)} />
        </Suspense>
      )}
      {tabs.length > 1 && <QuoteTabs tabs={tabs} index={index} onChange={showTab} />}
      <Box
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        id={`quote-tabpanel-${index}`}
        aria-labelledby={tabs.length > 1 ? `quote-tab-${index}` : undefined}
      >
        <Suspense fallback={<PageSpinner />}>{panels[tab]}</Suspense>
      </Box>
    </>
  );
}

/** /Quote/{quoteId}: a quote or quote request in four tabs (Lines, Details, Customer, Summary), an order's Summary. */
export function QuotePage() {
  usePreload(LinesTab, DetailsTab, CustomerTab, QuoteSummary, ApprovalPanel);
  const { quoteId } = useParams();
  const id = Number(quoteId);
  const quote = useQuote(id);
  const isValidId = isDatabaseId(id);
  const reload = async () => (await quote.refetch()).data;

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
    body = <QuoteView quote={quote.data} onReload={reload} />;
  }
  return (
    <Box sx={{ width: '100%', maxWidth: 1440, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 3, md: 4 } }}>{body}</Box>
  );
}
