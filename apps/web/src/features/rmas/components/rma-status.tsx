import { RMA_STATUS_LABEL, type TRma } from '@cpq/contracts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { StatusChip, type TStatusTone } from '../../../ui/status-chip';

const RMA_TONE: Record<TRma['status'], TStatusTone> = { submitting: 'busy', submitted: 'success', failed: 'error' };

/** Where an RMA stands in the ERP, as a chip; an administrator also reads why a failed one was not sent. */
export function RmaStatus({ rma, showError }: { rma: Pick<TRma, 'status' | 'lastError'>; showError: boolean }) {
  const label = RMA_STATUS_LABEL[rma.status];
  return (
    <Stack sx={{ gap: 0.5, alignItems: 'flex-start', minWidth: 0 }}>
      <StatusChip tone={RMA_TONE[rma.status]} label={label} />
      {showError && rma.status === 'failed' && rma.lastError && (
        <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {rma.lastError}
        </Typography>
      )}
    </Stack>
  );
}

/** The mark of a returned line among the order's lines: its RMA's state, or that one was made (not read yet). */
export function LineRmaMark({ rma }: { rma: TRma | undefined }) {
  const label = rma ? `RMA · ${RMA_STATUS_LABEL[rma.status]}` : 'RMA created';
  return (
    <StatusChip
      tone={rma ? RMA_TONE[rma.status] : 'success'}
      label={label}
      ariaLabel={rma ? `${rma.rmaNumber}: ${RMA_STATUS_LABEL[rma.status]}` : label}
    />
  );
}
