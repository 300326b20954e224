import { isOrder, isQuote, MSG, type TQuote } from '@cpq/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { TOAST_CLEARANCE } from '../../../ui/toast-clearance';
import { useGoBack } from '../../../ui/use-go-back';
import { useToast } from '../../../ui/use-toast';
import { useApprovalStanding } from '../../approvals/hooks/use-approvals';
import { useSession } from '../../auth/hooks/use-session';
import { newGuid } from '../../catalog/configurator-paths';
import { quotesApi } from '../api/quotes.api';
import { useOpenDocument } from '../hooks/use-open-document';
import { canEditQuote } from './quote-access';
import { blockedAction, isOrderDocumentPending, quoteButtons, type TDocumentButton } from './quote-actions';
import { QuoteLockButton } from './quote-lock';
import { ShareQuoteDialog } from './share-quote-dialog';

type TQuoteButtonsProps = {
  quote: TQuote;
  isSummary: boolean;
  /** Shows a tab (Create Quote without the contact's names shows the Details tab). */
  onShowTab: (index: number) => void;
};

/**
 * The quote's buttons (spec section 2): Back on orders, Print, View, Share (type 1 quotes the user may change),
 * Create/Update Quote and Create/Update Order.
 */
export function QuoteButtons({ quote, isSummary, onShowTab }: TQuoteButtonsProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useSession();
  const goBack = useGoBack(user ? `/Orders/${encodeURIComponent(user.username)}` : '/');
  const openDocument = useOpenDocument();
  const [isSharing, setIsSharing] = useState(false);
  const canShare = isQuote(quote) && canEditQuote(user, quote);
  // One GUID per quote visit, so that the link does not change on every render.
  const buttons = useMemo(() => {
    const guid = newGuid();
    return quoteButtons(quote, isSummary, () => guid);
  }, [quote, isSummary]);

  const standing = useApprovalStanding(quote.id, quote.version, isQuote(quote));
  const handleDocument = (button: TDocumentButton, kind: 'quote' | 'order') => {
    const block = blockedAction(quote, kind, standing);
    if (block) {
      toast.warning(block.message);
      if (block.tab !== null) onShowTab(block.tab);
      return;
    }
    navigate(button.path);
  };
  const handleView = () =>
    openDocument.mutate({
      find: async () => (await quotesApi.getCurrentPrintedDocument(quote.id)).current,
      emptyMessage: isOrderDocumentPending(quote) ? MSG.orderDocumentPreparing : MSG.noDocumentAvailable,
    });

  return (
    <Stack {...TOAST_CLEARANCE} className="no-print" sx={{ gap: 1, alignItems: { md: 'flex-end' } }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
        <QuoteLockButton quote={quote} />
        {isOrder(quote) && (
          <Button variant="outlined" color="inherit" startIcon={<ArrowBack />} onClick={goBack}>
            Back
          </Button>
        )}
        {buttons.print && (
          <Button variant="outlined" startIcon={<PrintOutlined />} onClick={() => window.print()}>
            Print
          </Button>
        )}
        {buttons.view && (
          <Button
            variant="outlined"
            startIcon={<PictureAsPdfOutlined />}
            loading={openDocument.isPending}
            onClick={handleView}
          >
            View
          </Button>
        )}
        {canShare && (
          <Button variant="outlined" startIcon={<ShareOutlined />} onClick={() => setIsSharing(true)}>
            Share
          </Button>
        )}
        {buttons.quote && (
          <Button
            variant={buttons.order ? 'outlined' : 'contained'}
            disabled={buttons.quote.isDisabled}
            onClick={() => buttons.quote && handleDocument(buttons.quote, 'quote')}
          >
            {buttons.quote.label}
          </Button>
        )}
        {buttons.order && (
          <Button
            variant="contained"
            disabled={buttons.order.isDisabled}
            onClick={() => buttons.order && handleDocument(buttons.order, 'order')}
          >
            {buttons.order.label}
          </Button>
        )}
      </Stack>
      {isSharing && <ShareQuoteDialog quote={quote} open onClose={() => setIsSharing(false)} />}
    </Stack>
  );
}
