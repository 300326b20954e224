import {
  discountRefusal,
  lineChangeRefusal,
  MSG,
  optionalLineRefusal,
  ROLE_LEVEL,
  type TQuote,
  type TQuoteLine,
} from '@cpq/contracts';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorText } from '../../../lib/api';
import { ConfirmDialog } from '../../../ui/generic-list/confirm-dialog';
import { EmptyState } from '../../../ui/generic-list/list-states';
import { TOAST_CLEARANCE } from '../../../ui/toast-clearance';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { useProductCatalog } from '../../catalog/components/product-catalog-button';
import { quotesApi } from '../api/quotes.api';
import { useOpenDocument } from '../hooks/use-open-document';
import {
  useDeleteLine,
  useSetLineOptional,
  useUpdateLineDiscount,
  useUpdateLineQuantity,
  useUpdateQuote,
} from '../hooks/use-quote-mutations';
import { CommunicationsPanel } from './communications-panel';
import { linePartNumber } from './quote-lines';
import { QuoteLinesTable, type TLineActions } from './quote-lines-table';
import { QuoteTotals } from './quote-totals';

/** New lines go on quotes and quote requests that are not locked; orders take none. */
export const canTakeLines = (quote: Pick<TQuote, 'isLocked' | 'type'>): boolean => lineChangeRefusal(quote) === null;

/** The line whose write is in flight, if any. */
const busyLine = (...writes: { isPending: boolean; variables?: { lineId: number } }[]): number | null =>
  writes.find((write) => write.isPending)?.variables?.lineId ?? null;

/**
 * The line actions: quantity (never below 1), delete after 'Yes, Delete', the pricing document, and on quotes
 * (type 1) the Optional switch.
 */
function useLineActions(quote: Pick<TQuote, 'id' | 'type'>, canDiscount: boolean) {
  const quoteId = quote.id;
  const toast = useToast();
  const updateQuantity = useUpdateLineQuantity(quoteId);
  const updateDiscount = useUpdateLineDiscount(quoteId);
  const setOptional = useSetLineOptional(quoteId);
  const deleteLine = useDeleteLine(quoteId);
  const openDocument = useOpenDocument();
  const [deleting, setDeleting] = useState<TQuoteLine | null>(null);
  const busyLineId = busyLine(updateQuantity, setOptional, updateDiscount);

  const actions: TLineActions = {
    busyLineId: deleteLine.isPending ? (deleteLine.variables ?? null) : busyLineId,
    onOptional:
      optionalLineRefusal(quote) === null
        ? (line, optional) =>
            setOptional.mutate({ lineId: line.id, optional }, { onError: (error) => toast.error(errorText(error)) })
        : undefined,
    onQuantity: async (line, quantity) => {
      if (quantity < 1) {
        toast.error(MSG.quantityMin);
        return;
      }
      try {
        const { approvalNotice } = await updateQuantity.mutateAsync({ lineId: line.id, quantity });
        if (approvalNotice) toast.warning(approvalNotice);
      } catch (error) {
        toast.error(errorText(error));
      }
    },
    onDiscount: canDiscount
      ? async (line, discountPercent) => {
          try {
            const { approvalNotice } = await updateDiscount.mutateAsync({ lineId: line.id, discountPercent });
            if (approvalNotice) toast.warning(approvalNotice);
          } catch (error) {
            toast.error(errorText(error));
          }
        }
      : undefined,
    onDelete: setDeleting,
    onPricingDoc: (line) =>
      openDocument.mutate({
        find: async () => (await quotesApi.getPricingDoc(line.id)).current,
        emptyMessage: MSG.noDocumentAvailable,
      }),
  };
  const handleConfirmDelete = () => {
    if (!deleting) return;
    deleteLine.mutate(deleting.id, {
      onSuccess: ({ approvalNotice }) => {
        setDeleting(null);
        if (approvalNotice) toast.warning(approvalNotice);
      },
      onError: (error) => toast.error(errorText(error)),
    });
  };
  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      title="Delete the line"
      message="Are you sure you want to delete this line from the quote?"
      items={deleting ? [linePartNumber(deleting) ?? deleting.productName ?? `Line ${deleting.id}`] : []}
      isPending={deleteLine.isPending}
      onConfirm={handleConfirmDelete}
      onCancel={() => setDeleting(null)}
    />
  );
  return { actions, dialog };
}

/** The Lines tab: the lines with their actions and the Catalog to add more, then the comments. */
export function LinesTab({ quote }: { quote: TQuote }) {
  const lines = quote.lines ?? [];
  const isEditable = canTakeLines(quote);
  const catalog = useProductCatalog(quote.id);
  const canAdd = isEditable && catalog.canOpen;
  const { user } = useSession();
  const canDiscount = isEditable && discountRefusal({ roleLevel: user?.roleLevel ?? ROLE_LEVEL.public }) === null;
  const { actions, dialog } = useLineActions(quote, canDiscount);
  const toast = useToast();
  const updateQuote = useUpdateQuote(quote.id);
  const handleQuoteDiscount = async (discountPercent: string) => {
    try {
      await updateQuote.mutateAsync({ discountPercent });
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <Stack sx={{ gap: 3 }}>
      <Box>
        <Stack
          {...TOAST_CLEARANCE}
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1.5 }}
        >
          <Typography variant="h4" component="h2">
            Lines{lines.length > 0 && ` (${lines.length})`}
          </Typography>
          {canAdd && lines.length > 0 && (
            <Button variant="outlined" startIcon={<MenuBookOutlined />} onClick={catalog.open}>
              Catalog
            </Button>
          )}
        </Stack>
        {!isEditable && !quote.isLocked && (
          <Typography role="note" color="text.secondary" sx={{ mb: 1.5 }}>
            {MSG.quoteNotEditable}
          </Typography>
        )}
        {lines.length > 0 ? (
          <Stack sx={{ gap: 1.5 }}>
            <QuoteLinesTable
              lines={lines}
              quoteId={quote.id}
              isEditable={isEditable}
              actions={actions}
              discountPercent={quote.discountPercent}
              currency={quote.currency}
            />
            <QuoteTotals
              quote={quote}
              onDiscount={canDiscount ? handleQuoteDiscount : undefined}
              isPending={updateQuote.isPending}
            />
          </Stack>
        ) : (
          <EmptyState
            search=""
            title="No lines yet"
            description={
              canAdd ? 'Open the Catalog to configure a product, or to add a fixed-price product as it is.' : undefined
            }
            onClearSearch={() => undefined}
            create={canAdd ? { label: 'Catalog', onClick: catalog.open } : undefined}
          />
        )}
      </Box>
      <CommunicationsPanel quoteId={quote.id} isLocked={quote.isLocked} />
      {catalog.dialog}
      {dialog}
    </Stack>
  );
}
