import { formatDate, type TConfiguration } from '@cpq/contracts';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../../lib/api';
import { ResponsiveDialog } from '../../../ui/responsive-dialog';
import { DetailsTable, DetailsTotal } from '../../configurator/components/details-dialog';
import { useCopyConfiguration } from '../hooks/use-configurations';

type TOrderedConfigurationDialogProps = { configuration: TConfiguration; open: boolean; onClose: () => void };

/**
 * An order's configuration, read-only: what was ordered (the Part / Selection table of its Details, part number and
 * price), the way to the order, and 'Copy to a new quote', which opens a copy in the configurator.
 */
export function OrderedConfigurationDialog({ configuration, open, onClose }: TOrderedConfigurationDialogProps) {
  const copy = useCopyConfiguration();
  const { id, productId, productName, partNumber, price, quoteId, createdDate } = configuration;
  const details = configuration.details ?? [];
  const titleId = `ordered-configuration-${id}`;
  return (
    <ResponsiveDialog
      open={open}
      onClose={copy.isPending ? undefined : onClose}
      titleId={titleId}
      title={`${productName} on Order #${quoteId ?? ''}`}
    >
      <DialogContent sx={{ pb: 1 }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          An ordered configuration cannot be changed. Copy it to a new quote to change a copy.
        </Alert>
        <Typography color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
          {[partNumber ? `Part # ${partNumber}` : null, `Configured ${formatDate(createdDate)}`]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {details.length > 0 && <DetailsTable details={details} />}
        <DetailsTotal price={price} />
        {copy.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(copy.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {quoteId !== null && (
          <Button
            component={RouterLink}
            to={`/Quote/${quoteId}`}
            variant="outlined"
            startIcon={<ReceiptLongOutlined />}
            disabled={copy.isPending}
          >
            {`Open Order #${quoteId}`}
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={<ContentCopyOutlined />}
          loading={copy.isPending}
          loadingPosition="start"
          onClick={() => copy.mutate({ id, productId })}
        >
          Copy to a new quote
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
