import type { TQuote, TQuoteShare } from '@cpq/contracts';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import LinkOff from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorText } from '../../../lib/api';
import { ConfirmDialog } from '../../../ui/generic-list/confirm-dialog';
import { formatDateTime, RelativeTime } from '../../../ui/relative-time';
import { StatusChip } from '../../../ui/status-chip';
import { useToast } from '../../../ui/use-toast';
import { useQuoteShares, useRevokeQuoteShare } from '../hooks/use-quote-shares';
import { LoadErrorAlert } from './load-error-alert';
import { browserName, SHARE_STATUS_BADGES } from './share-status';

function Openings({ share }: { share: TQuoteShare }) {
  return (
    <Box component="ol" aria-label={`Openings of the link to ${share.email}`} sx={{ m: 0, mt: 1, pl: 2.5 }}>
      {share.openings.map((opening) => (
        <Typography component="li" variant="body2" key={opening.at} sx={{ overflowWrap: 'anywhere' }}>
          {[formatDateTime(opening.at), opening.ip ?? 'Unknown address', browserName(opening.userAgent)].join(' · ')}
        </Typography>
      ))}
    </Box>
  );
}

function OpenedSummary({ share }: { share: TQuoteShare }) {
  if (share.openCount === 0 || !share.lastOpenedAt) return <>Not opened yet</>;
  return (
    <>
      {`Opened ${share.openCount === 1 ? 'once' : `${share.openCount} times`}, last `}
      <RelativeTime iso={share.lastOpenedAt} />
    </>
  );
}

type TShareRowProps = { share: TQuoteShare; onRevoke: (share: TQuoteShare) => void };

function ShareRow({ share, onRevoke }: TShareRowProps) {
  const [isOpen, setIsOpen] = useState(false);
  const badge = SHARE_STATUS_BADGES[share.status];
  const openingsId = `share-openings-${share.id}`;
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { border: 0 } }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>{share.email}</Typography>
        <StatusChip tone={badge.tone} label={badge.label} ariaLabel={`Status: ${badge.label}`} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {`Revision ${share.revision} · shared by ${share.sharedBy} `}
        <RelativeTime iso={share.createdAt} />
        {share.status === 'active' || share.status === 'expired' ? (
          <>
            {share.status === 'active' ? ' · expires ' : ' · expired '}
            <RelativeTime iso={share.expiresAt} />
          </>
        ) : null}
        {share.revokedAt && (
          <>
            {' · revoked '}
            <RelativeTime iso={share.revokedAt} />
          </>
        )}
      </Typography>
      <Stack direction="row" sx={{ mt: 0.5, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">
          <OpenedSummary share={share} />
        </Typography>
        {share.openings.length > 0 && (
          <Button
            size="small"
            color="inherit"
            aria-expanded={isOpen}
            aria-controls={openingsId}
            endIcon={
              <KeyboardArrowDown
                sx={{ transition: 'transform 150ms', transform: isOpen ? 'rotate(180deg)' : 'none' }}
              />
            }
            onClick={() => setIsOpen((open) => !open)}
          >
            Openings
          </Button>
        )}
        {share.status === 'active' && (
          <Button
            size="small"
            color="error"
            startIcon={<LinkOff />}
            onClick={() => onRevoke(share)}
            sx={{ ml: 'auto' }}
          >
            Revoke
          </Button>
        )}
      </Stack>
      <Collapse in={isOpen} unmountOnExit id={openingsId}>
        <Openings share={share} />
      </Collapse>
    </Box>
  );
}

/**
 * The quote's shared links (type 1 quotes the user may change): to whom, what each is now, when it was opened and
 * from where; an active one can be revoked after a question.
 */
export function QuoteShares({ quote }: { quote: TQuote }) {
  const toast = useToast();
  const shares = useQuoteShares(quote.id, quote.version);
  const revoke = useRevokeQuoteShare(quote.id);
  const [revoking, setRevoking] = useState<TQuoteShare | null>(null);

  const handleConfirm = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: (share) => {
        setRevoking(null);
        toast.success(`The link to ${share.email} no longer opens the quote.`);
      },
      onError: (error) => toast.error(errorText(error)),
    });
  };

  let body = (
    <Typography color="text.secondary">
      No links yet. Share the quote to send the customer a link they can accept it from.
    </Typography>
  );
  if (shares.isPending) body = <CircularProgress size={24} aria-label="Loading the shared links" />;
  else if (shares.isError) body = <LoadErrorAlert error={shares.error} onRetry={() => void shares.refetch()} />;
  else if (shares.data.rows.length > 0) {
    body = (
      <Box component="ul" aria-label="Shared links" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {shares.data.rows.map((share) => (
          <ShareRow key={share.id} share={share} onRevoke={setRevoking} />
        ))}
      </Box>
    );
  }
  return (
    <Card component="section" aria-labelledby="quote-shares-title" sx={{ p: { xs: 2, md: 2.5 } }}>
      <Typography id="quote-shares-title" variant="h5" component="h2" sx={{ mb: 1 }}>
        Shared links
      </Typography>
      {body}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke the link"
        message="The link stops opening the quote at once. The customer can no longer read or accept it from there."
        items={revoking ? [revoking.email] : []}
        confirmLabel="Revoke link"
        cancelLabel="Keep it"
        isPending={revoke.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
