import { formatDate, MSG, QUOTE_TYPE, type TQuote } from '@cpq/contracts';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useOpenDocument } from '../hooks/use-open-document';
import { useQuoteDocuments } from '../hooks/use-quote-documents';
import { LoadErrorAlert } from './load-error-alert';

/** The Summary's Documents: every printed revision of the quote ('Rev 1', 'Rev 2'… with its date), each openable. */
export function QuoteDocuments({ quote }: { quote: TQuote }) {
  const documents = useQuoteDocuments(quote.id, quote.currentPrintedDocument !== null);
  const openDocument = useOpenDocument();
  // An order takes no more printed revisions (Create Quote is for quotes), so it only says there are none.
  const empty =
    quote.type === QUOTE_TYPE.Order
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
  if (documents.data && documents.data.length > 0) {
    body = (
      <List dense disablePadding aria-label="Printed revisions">
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
                primary={`Rev ${document.revision}`}
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
