import { formatCurrency, formatDate, ROLE_LEVEL, type TApprovalWaiting } from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { errorText } from '../../../lib/api';
import { PageSpinner } from '../../../ui/page-spinner';
import { useSession } from '../../auth/hooks/use-session';
import { useApprovalsWaiting } from '../hooks/use-approvals';

function WaitingCard({ row }: { row: TApprovalWaiting }) {
  const title = `Quote #${row.quoteId}${row.quoteName ? ` · ${row.quoteName}` : ''}`;
  return (
    <Card component="li" sx={{ p: 2, listStyle: 'none' }} aria-label={title}>
      {/* Side by side only from md (600 px): at phone widths the button would wrap to one word a line. */}
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{title}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {`${row.owner} · submitted ${formatDate(row.submittedAt)}`}
          </Typography>
          <Typography variant="body2">{`Step ${row.step}: ${row.stepName}`}</Typography>
        </Box>
        <Stack sx={{ alignItems: { md: 'flex-end' }, gap: 1 }}>
          <Typography sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
            {formatCurrency(row.total)}
          </Typography>
          <Button
            component={RouterLink}
            to={`/Quote/${row.quoteId}`}
            variant="contained"
            size="small"
            sx={{ whiteSpace: 'nowrap' }}
          >
            Open to decide
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/** /Approvals: the quotes whose waiting step the signed-in user may approve or reject, oldest request first. */
export function ApprovalsWaitingPage() {
  const { user } = useSession();
  const waiting = useApprovalsWaiting((user?.roleLevel ?? 0) >= ROLE_LEVEL.registered);
  if (!user) return null;
  if (user.roleLevel < ROLE_LEVEL.registered) return <Navigate to="/QuoteDashboard" replace />;
  let body: ReactNode;
  if (waiting.isError) body = <Alert severity="error">{errorText(waiting.error)}</Alert>;
  else if (waiting.isPending) body = <PageSpinner label="Loading the quotes waiting for you" />;
  else if (waiting.data.rows.length === 0) {
    body = <Alert severity="success">Nothing waits for your approval. Quotes submitted to you will show here.</Alert>;
  } else {
    body = (
      <Stack component="ul" sx={{ gap: 1.5, p: 0, m: 0 }}>
        {waiting.data.rows.map((row) => (
          <WaitingCard key={row.quoteId} row={row} />
        ))}
      </Stack>
    );
  }
  return (
    <Box sx={{ width: '100%', maxWidth: 960, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 3, md: 5 } }}>
      <Typography variant="h1">Waiting for my approval</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Quotes whose current approval step you may approve or reject.
      </Typography>
      {body}
    </Box>
  );
}
