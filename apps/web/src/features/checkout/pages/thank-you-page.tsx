import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { emailFrom, orderIdFrom } from './thank-you-state';

const ordersPath = (username: string) => `/Orders/${encodeURIComponent(username)}`;

/** One line of 'what happens next': an icon and a sentence. */
function NextStep({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start', textAlign: 'left' }}>
      <Box sx={{ color: 'primary.main', display: 'flex', mt: '2px' }} aria-hidden>
        {icon}
      </Box>
      <Typography color="text.secondary">{children}</Typography>
    </Stack>
  );
}

/** The card both states of the page sit in; an order placed has the success band along its top. */
function PageCard({ isSuccess, children }: { isSuccess: boolean; children: ReactNode }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 640, mx: 'auto', px: { xs: 2, md: 3 }, py: { xs: 4, md: 8 } }}>
      <Card sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', position: 'relative', overflow: 'hidden' }}>
        {isSuccess && (
          <Box
            aria-hidden
            sx={(theme) => ({
              position: 'absolute',
              inset: '0 0 auto 0',
              height: 6,
              background: `linear-gradient(90deg, ${theme.palette.success.main}, ${theme.palette.primary.main})`,
            })}
          />
        )}
        {children}
      </Card>
    </Box>
  );
}

/** The round badge above the heading: a tick for an order placed, a receipt when there is none to show. */
function Badge({ tone, children }: { tone: 'success' | 'neutral'; children: ReactNode }) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        mx: 'auto',
        mb: 3,
        width: 88,
        height: 88,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor:
          tone === 'success'
            ? alpha(theme.palette.success.main, theme.palette.mode === 'dark' ? 0.2 : 0.12)
            : theme.palette.action.hover,
        color: tone === 'success' ? 'success.main' : 'text.secondary',
      })}
    >
      {children}
    </Box>
  );
}

/** The page's heading; it takes the focus, so that screen readers read the news first. */
function Heading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Typography
      ref={heading}
      tabIndex={-1}
      variant="h1"
      sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, outline: 'none', overflowWrap: 'anywhere' }}
    >
      {children}
    </Typography>
  );
}

const ordersLink = (username: string | undefined) => (
  <Link component={RouterLink} to={username ? ordersPath(username) : '/QuoteDashboard'}>
    Orders
  </Link>
);

const backToQuotes = (
  <Button component={RouterLink} to="/QuoteDashboard" variant="contained" size="large">
    Back to Quotes
  </Button>
);

/** After checkout: the spec's thanks, the order number, the e-mail sent, and where to follow the order. */
function OrderPlaced({
  orderId,
  email,
  username,
}: {
  orderId: number;
  email: string | null;
  username: string | undefined;
}) {
  return (
    <PageCard isSuccess>
      <Badge tone="success">
        <CheckCircleRounded sx={{ fontSize: 56 }} />
      </Badge>
      <Heading>Thank you! Your order was completed successfully.</Heading>
      <Box
        sx={{
          display: 'inline-flex',
          mt: 2.5,
          px: 2,
          py: 1,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
        }}
      >
        <Typography component="p" sx={{ fontWeight: 600 }}>
          Order number{' '}
          <Box component="span" data-testid="order-number" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            #{orderId}
          </Box>
        </Typography>
      </Box>
      <Divider sx={{ my: 3 }} />
      <Stack sx={{ gap: 2, maxWidth: 460, mx: 'auto' }}>
        <NextStep icon={<MailOutlineRounded />}>
          An e-mail confirmation with the order details was sent to the address provided.
          {email && (
            <Box component="span" data-testid="confirmation-email" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              <Box component="strong" sx={{ color: 'text.primary' }}>
                {email}
              </Box>
            </Box>
          )}
        </NextStep>
        <NextStep icon={<ReceiptLongOutlined />}>
          {'Follow your order under '}
          {ordersLink(username)}: its status updates automatically.
        </NextStep>
      </Stack>
      <Stack
        direction={{ xs: 'column-reverse', md: 'row' }}
        sx={{ mt: 4, gap: 1.5, justifyContent: 'center', alignItems: 'stretch' }}
      >
        <Button component={RouterLink} to={`/Quote/${orderId}`} variant="outlined" size="large">
          View Order
        </Button>
        {backToQuotes}
      </Stack>
    </PageCard>
  );
}

/** Opened with no checkout just done (typed, bookmarked, a new tab): no order is claimed. */
function NoRecentOrder({ username }: { username: string | undefined }) {
  return (
    <PageCard isSuccess={false}>
      <Badge tone="neutral">
        <ReceiptLongOutlined sx={{ fontSize: 48 }} />
      </Badge>
      <Heading>No recent order</Heading>
      <Typography color="text.secondary" sx={{ mt: 1.5, maxWidth: 460, mx: 'auto' }}>
        This page confirms an order right after checkout, and no order was placed here just now. Your orders and their
        status are under {ordersLink(username)}.
      </Typography>
      <Stack direction="row" sx={{ mt: 4, justifyContent: 'center' }}>
        {backToQuotes}
      </Stack>
    </PageCard>
  );
}

/**
 * /ThankYou (spec section 2): the checkout's confirmation. Checkout passes the order in the router state (kept by
 * the history entry, so a reload still shows it); without one the page says there is no recent order instead of
 * claiming one was completed.
 */
export function ThankYouPage() {
  const { state } = useLocation();
  const { user } = useSession();
  const orderId = orderIdFrom(state);
  return orderId === null ? (
    <NoRecentOrder username={user?.username} />
  ) : (
    <OrderPlaced orderId={orderId} email={emailFrom(state)} username={user?.username} />
  );
}
