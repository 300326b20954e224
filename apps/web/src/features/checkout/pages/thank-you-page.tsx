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

/**
 * /ThankYou (spec section 2): the checkout's confirmation. The order number comes in the router state; after a
 * reload it is gone and the page still says the order went through and where to find it.
 */
export function ThankYouPage() {
  const { state } = useLocation();
  const { user } = useSession();
  const orderId = orderIdFrom(state);
  const email = emailFrom(state);
  const heading = useRef<HTMLHeadingElement>(null);
  // The page replaces the quote the buyer was on: move focus to the news, so screen readers read it first.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Box sx={{ width: '100%', maxWidth: 640, mx: 'auto', px: { xs: 2, md: 3 }, py: { xs: 4, md: 8 } }}>
      <Card sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', position: 'relative', overflow: 'hidden' }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            position: 'absolute',
            inset: '0 0 auto 0',
            height: 6,
            background: `linear-gradient(90deg, ${theme.palette.success.main}, ${theme.palette.primary.main})`,
          })}
        />
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
            bgcolor: alpha(theme.palette.success.main, theme.palette.mode === 'dark' ? 0.2 : 0.12),
            color: 'success.main',
          })}
        >
          <CheckCircleRounded sx={{ fontSize: 56 }} />
        </Box>
        <Typography
          ref={heading}
          tabIndex={-1}
          variant="h1"
          sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, outline: 'none', overflowWrap: 'anywhere' }}
        >
          Thank you! Your order was completed successfully.
        </Typography>
        {orderId !== null && (
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
        )}
        <Divider sx={{ my: 3 }} />
        <Stack sx={{ gap: 2, maxWidth: 460, mx: 'auto' }}>
          <NextStep icon={<MailOutlineRounded />}>
            An e-mail confirmation with the order details was sent to the address provided.
            {email && (
              <Box
                component="span"
                data-testid="confirmation-email"
                sx={{ display: 'block', overflowWrap: 'anywhere' }}
              >
                <Box component="strong" sx={{ color: 'text.primary' }}>
                  {email}
                </Box>
              </Box>
            )}
          </NextStep>
          <NextStep icon={<ReceiptLongOutlined />}>
            {'Follow your order under '}
            <Link component={RouterLink} to={user ? ordersPath(user.username) : '/QuoteDashboard'}>
              Orders
            </Link>
            : its status updates automatically.
          </NextStep>
        </Stack>
        <Stack
          direction={{ xs: 'column-reverse', md: 'row' }}
          sx={{ mt: 4, gap: 1.5, justifyContent: 'center', alignItems: 'stretch' }}
        >
          {orderId !== null && (
            <Button component={RouterLink} to={`/Quote/${orderId}`} variant="outlined" size="large">
              View Order
            </Button>
          )}
          <Button component={RouterLink} to="/QuoteDashboard" variant="contained" size="large">
            Back to Quotes
          </Button>
        </Stack>
      </Card>
    </Box>
  );
}
