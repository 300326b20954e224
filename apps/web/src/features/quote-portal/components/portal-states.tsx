import type { TPortalQuote } from '@cpq/contracts';
import LinkOff from '@mui/icons-material/LinkOff';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import UpdateOutlined from '@mui/icons-material/UpdateOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorText } from '../../../lib/api';
import { useRequestCurrent } from '../hooks/use-portal-quote';

function StateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby="portal-state-title" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
      <Stack sx={{ alignItems: 'center', gap: 1.5, maxWidth: 520, mx: 'auto' }}>
        <Stack sx={{ color: 'text.secondary', '& svg': { fontSize: 48 } }}>{icon}</Stack>
        <Typography id="portal-state-title" variant="h2" component="h1">
          {title}
        </Typography>
        {children}
      </Stack>
    </Card>
  );
}

/** The page of a link that opens nothing (unknown, tampered, revoked or expired): one calm message for all. */
export function UnavailableLink() {
  return (
    <StateCard icon={<LinkOff />} title="This link does not open a quote">
      <Typography color="text.secondary">
        It may have expired, been withdrawn by the sender, or been copied incompletely.
      </Typography>
      <Typography color="text.secondary">
        Ask the person who sent it to you for a new link. If you copied it from an e-mail, open it again from there.
      </Typography>
    </StateCard>
  );
}

/** A link whose quote changed after it was shared: it offers the current revision, mailed to the link's address. */
export function SupersededLink({ token, quote }: { token: string; quote: TPortalQuote }) {
  const request = useRequestCurrent(token);
  return (
    <StateCard icon={<UpdateOutlined />} title="This quote was updated after it was shared with you">
      <Typography color="text.secondary">
        {`${quote.company} changed Quote #${quote.quoteNumber} since this link was sent, so it no longer shows the quote as it is now.`}
      </Typography>
      {request.data ? (
        <Alert severity="success" icon={<MarkEmailReadOutlined />} role="status" sx={{ textAlign: 'left' }}>
          {`We sent a new link to ${request.data.sentTo}. Open the quote from that e-mail.`}
        </Alert>
      ) : (
        <>
          {request.error && (
            <Alert severity="error" sx={{ textAlign: 'left' }}>
              {errorText(request.error)}
            </Alert>
          )}
          <Button variant="contained" size="large" loading={request.isPending} onClick={() => request.mutate()}>
            Send me the current quote
          </Button>
          <Typography variant="body2" color="text.secondary">
            The new link goes to the address this one was sent to.
          </Typography>
        </>
      )}
    </StateCard>
  );
}

/** While the quote loads: the shape of the document, so the page does not jump. */
export function PortalSkeleton() {
  return (
    <Card role="status" aria-label="Loading the quote" sx={{ p: { xs: 2, md: 4 } }}>
      <Skeleton variant="text" width="40%" height={40} />
      <Skeleton variant="text" width="60%" />
      <Skeleton variant="text" width="50%" />
      <Skeleton variant="rounded" height={120} sx={{ my: 3 }} />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="rounded" height={56} sx={{ mb: 1.5 }} />
      ))}
      <Skeleton variant="text" width="30%" height={36} sx={{ ml: 'auto' }} />
    </Card>
  );
}
