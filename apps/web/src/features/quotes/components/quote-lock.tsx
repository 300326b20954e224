import { ADMIN_LEVEL, lockChangeRefusal, MSG, SUPER_ADMIN_LEVEL, type TQuote, type TUser } from '@cpq/contracts';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorText } from '../../../lib/api';
import { ResponsiveDialog } from '../../../ui/responsive-dialog';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { useQuoteLock } from '../hooks/use-quote-mutations';
import { quoteTitle } from './quote-lines';

/** Administrators lock and unlock quotes and quote requests of their platform (level 9: of any); orders never. */
export const canLockQuote = (user: Pick<TUser, 'roleLevel' | 'pid'> | null, quote: Pick<TQuote, 'pid' | 'type'>) =>
  user !== null &&
  lockChangeRefusal(quote, true) === null &&
  (user.roleLevel >= SUPER_ADMIN_LEVEL || (user.roleLevel >= ADMIN_LEVEL && user.pid === quote.pid));

/** Lock (after a question that says what it does) or Unlock, for administrators. */
export function QuoteLockButton({ quote }: { quote: TQuote }) {
  const { user } = useSession();
  const toast = useToast();
  const lock = useQuoteLock(quote.id);
  const [isAsking, setIsAsking] = useState(false);
  if (!canLockQuote(user, quote)) return null;

  const change = (isLocked: boolean) =>
    lock.mutate(isLocked, {
      onSuccess: () => {
        setIsAsking(false);
        toast.success(`${quoteTitle(quote)} ${isLocked ? 'locked' : 'unlocked'}.`);
      },
      onError: (error) => toast.error(`${errorText(error)} Reload the quote and try again.`),
    });

  if (quote.isLocked) {
    return (
      <Button
        variant="outlined"
        startIcon={<LockOpenOutlined />}
        loading={lock.isPending}
        onClick={() => change(false)}
      >
        Unlock
      </Button>
    );
  }
  return (
    <>
      <Button variant="outlined" color="inherit" startIcon={<LockOutlined />} onClick={() => setIsAsking(true)}>
        Lock
      </Button>
      <ResponsiveDialog
        open={isAsking}
        onClose={lock.isPending ? undefined : () => setIsAsking(false)}
        titleId="lock-quote-title"
        title={`Lock ${quoteTitle(quote)}?`}
        maxWidth="xs"
      >
        <DialogContent>
          <Typography>
            Nobody can change a locked quote: its lines, details, customer and comments stay as they are, and it cannot
            be printed or ordered until an administrator unlocks it.
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" disabled={lock.isPending} onClick={() => setIsAsking(false)}>
            Cancel
          </Button>
          <Button
            variant="contained"
            startIcon={<LockOutlined />}
            loading={lock.isPending}
            onClick={() => change(true)}
          >
            Lock quote
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  );
}

/** The banner of a locked quote: the spec's message, and who can lift it. */
export function QuoteLockedBanner({ quote }: { quote: TQuote }) {
  const { user } = useSession();
  if (!quote.isLocked) return null;
  return (
    <Alert severity="warning" icon={<LockOutlined />} className="no-print" sx={{ mb: 2.5 }}>
      <AlertTitle>{MSG.quoteLocked}</AlertTitle>
      {canLockQuote(user, quote)
        ? 'Unlock it to change its lines, details, customer or comments, or to print or order it.'
        : 'An administrator locked this quote. Ask one to unlock it if something needs to change.'}
    </Alert>
  );
}
