import { formatDate, isOrder, MSG, type TQuote, type TQuoteDocument } from '@cpq/contracts';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { quoteQuery } from '../api/quote-query';
import { useOpenDocument } from '../hooks/use-open-document';
import { useQuoteDocuments } from '../hooks/use-quote-documents';
import { LoadErrorAlert } from './load-error-alert';
import { isOrderDocumentPending } from './quote-actions';

/** How often an order whose document is being printed is read again, in case the live update is missed. */
const ORDER_DOCUMENT_POLL_MS = 3000;

/**
 * A revision's name in the list: 'Rev 1' of a quote's printed quote; on an order, which lists every document it was
 * made from, 'Quote Rev 1', 'Order Rev 2', 'Sales Order Write-up Rev 1' and the customer's 'Signed Quote Rev 1'.
 */
export function documentLabel(
  document: Pick<TQuoteDocument, 'kind' | 'revision' | 'originalName'>,
  isPlaced: boolean,
): string {
  if (document.kind === 'so-writeup') return `Sales Order Write-up Rev ${document.revision}`;
  if (document.kind === 'signed-quote') return `Signed Quote Rev ${document.revision}`;
  if (document.originalName.startsWith('Order-')) return `Order Rev ${document.revision}`;
  return isPlaced ? `Quote Rev ${document.revision}` : `Rev ${document.revision}`;
}

/**
 * The Summary's Documents: every printed revision of the quote or order and of its sales-order write-up (with its
 * date), each openable.
 */
export function QuoteDocuments({ quote }: { quote: TQuote }) {
  const isPending = isOrderDocumentPending(quote);
  const isPlaced = isOrder(quote);
  const hasPrinted = isPlaced || quote.currentPrintedDocument !== null || quote.soWriteUpDocLink !== null;
  const documents = useQuoteDocuments(quote.id, hasPrinted, quote.currentPrintedDocument);
  // The order is told of its printed document over the live connection; reading it again now and then also covers
  // a connection that is down.
  useQuery({ ...quoteQuery(quote.id), enabled: isPending, refetchInterval: ORDER_DOCUMENT_POLL_MS });
  const openDocument = useOpenDocument();
  // An order takes no more printed revisions (Create Quote is for quotes), so it only says there are none.
  const empty = isOrder(quote)
    ? 'No printed documents for this order. Print saves the summary as it is shown.'
    : 'No printed quote yet. Create Quote prints the first revision.';
  let body = (
    <Typography variant="body2" color="text.secondary">
      {empty}
    </Typography>
  );
  if (documents.isLoading) body = <CircularProgress size={24} aria-label="Loading the documents" />;
  if (documents.isError) {
    body = <LoadErrorAlert error={documents.error} onRetry={() => void documents.refetch()} />;
  }
  const preparing = isPending ? (
    <ListItem disablePadding sx={{ px: 2, py: 0.5 }}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CircularProgress size={20} aria-hidden />
        <ListItemText primary="Preparing the order document…" secondary="It is listed here when it is ready." />
      </Box>
    </ListItem>
  ) : null;
  if (isPending && !documents.data?.length && !documents.isError) {
    body = (
      <List dense disablePadding aria-label="Printed revisions">
        {preparing}
      </List>
    );
  }
  if (documents.data && documents.data.length > 0) {
    body = (
      <List dense disablePadding aria-label="Printed revisions">
        {preparing}
        {documents.data.map((document) => (
          <ListItem key={document.id} disablePadding>
            <ListItemButton
              disabled={openDocument.isPending}
              onClick={() => openDocument.mutate({ find: async () => document, emptyMessage: MSG.noDocumentAvailable })}
              sx={{ borderRadius: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <PictureAsPdfOutlined color="primary" />
              </ListItemIcon>
              <ListItemText
                primary={documentLabel(document, isOrder(quote))}
                secondary={formatDate(document.createdAt)}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <Card component="section" aria-labelledby="quote-documents-title" className="no-print" sx={{ p: 2 }}>
      <Typography id="quote-documents-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Documents
      </Typography>
      {body}
    </Card>
  );
}
