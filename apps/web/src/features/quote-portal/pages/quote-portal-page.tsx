import { SHARE_TOKEN_PATTERN, type TPortalQuote } from '@cpq/contracts';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { lazyPart, usePreload } from '../../../ui/lazy-part';
import { LoadErrorAlert } from '../../quotes/components/load-error-alert';
import { AcceptedState } from '../components/accepted-state';
import { PortalDocument } from '../components/portal-document';
import { PortalFrame } from '../components/portal-frame';
import { PortalSkeleton, SupersededLink, UnavailableLink } from '../components/portal-states';
import { isUnavailable, usePortalQuote } from '../hooks/use-portal-quote';

// The comment form and the Accept panel (signature, card or PO number, their zod schemas) sit below the quote: their
// code loads beside the quote's data, and a skeleton holds their place if the data comes first.
const PortalComments = lazyPart(() => import('../components/portal-comments').then((m) => m.PortalComments));
const AcceptPanel = lazyPart(() => import('../components/accept-panel').then((m) => m.AcceptPanel));

/** The quote, its comments and, while it is open, the Accept panel; once accepted, the confirmation first. */
function PortalQuote({ token, quote }: { token: string; quote: TPortalQuote }) {
  // The confirmation takes the focus only when the customer accepted on this visit, not on a later opening.
  const wasOpen = useRef(quote.status === 'open');
  if (!quote.view) return <UnavailableLink />;
  const isOpen = quote.status === 'open';
  return (
    <Stack sx={{ gap: 3 }}>
      {quote.acceptance && (
        <AcceptedState acceptance={quote.acceptance} company={quote.company} isJustAccepted={wasOpen.current} />
      )}
      <PortalDocument token={token} quote={quote} view={quote.view} canChoose={isOpen} />
      <Suspense fallback={<Skeleton variant="rounded" height={isOpen ? 480 : 160} />}>
        <PortalComments token={token} comments={quote.view.comments} />
        {isOpen && <AcceptPanel token={token} quote={quote} view={quote.view} />}
      </Suspense>
    </Stack>
  );
}

/**
 * /q/:token, the customer's quote link: public (no account, no app header), it shows the shared quote, or a calm
 * page when the link opens nothing, or the superseded page offering the current revision.
 */
export function QuotePortalPage() {
  const { token = '' } = useParams();
  usePreload(PortalComments, AcceptPanel);
  // A link cut short or mistyped is known before asking the server.
  const isWellFormed = SHARE_TOKEN_PATTERN.test(token);
  const quote = usePortalQuote(token, isWellFormed);
  const company = quote.data?.company ?? null;

  useEffect(() => {
    if (quote.data) document.title = `Quote #${quote.data.quoteNumber} · ${quote.data.company}`;
  }, [quote.data]);

  let body: ReactNode;
  if (!isWellFormed || isUnavailable(quote.error)) body = <UnavailableLink />;
  else if (quote.isError) body = <LoadErrorAlert error={quote.error} onRetry={() => void quote.refetch()} />;
  else if (quote.isPending) body = <PortalSkeleton />;
  else if (quote.data.status === 'superseded') body = <SupersededLink token={token} quote={quote.data} />;
  else body = <PortalQuote token={token} quote={quote.data} />;
  return <PortalFrame company={company}>{body}</PortalFrame>;
}
