import type { TQuote } from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { useQuoteStatusTypes } from '../../quotes/hooks/use-status-types';
import { useSetOrderStatus } from '../hooks/use-order-status';

const NO_STATUS = '';

/**
 * An administrator's Status select on an order (status types up to their level): setOrderStatus, then a success
 * toast; every open screen of the platform follows through contentchange.
 */
export function OrderStatusSelect({ order }: { order: TQuote }) {
  const toast = useToast();
  const statusTypes = useQuoteStatusTypes();
  const setStatus = useSetOrderStatus(order.id);
  const options = statusTypes.data ?? [];
  const value = order.statusTypeId === null ? NO_STATUS : String(order.statusTypeId);
  const isKnown = value === NO_STATUS || options.some((status) => String(status.id) === value);

  const handleChange = (next: string) => {
    const statusTypeId = next === NO_STATUS ? null : Number(next);
    const name = options.find((status) => status.id === statusTypeId)?.name;
    setStatus.mutate(statusTypeId, {
      onSuccess: () =>
        toast.success(name ? `Order #${order.id} is now ${name}.` : `Order #${order.id} has no status now.`),
    });
  };

  return (
    <Card component="section" aria-labelledby="order-status-title" sx={{ p: 2 }}>
      <Typography id="order-status-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Order Status
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        The buyer and every open screen see the change at once.
      </Typography>
      <Stack spacing={1.5}>
        {setStatus.error && <Alert severity="error">{errorText(setStatus.error)}</Alert>}
        <TextField
          select
          fullWidth
          label="Status"
          value={isKnown ? value : NO_STATUS}
          disabled={setStatus.isPending || statusTypes.isPending}
          onChange={(event) => handleChange(event.target.value)}
          helperText={
            statusTypes.isError
              ? 'The statuses could not be loaded. Reload the page to try again.'
              : setStatus.isPending
                ? 'Saving…'
                : undefined
          }
        >
          <MenuItem value={NO_STATUS}>
            <em>No status</em>
          </MenuItem>
          {options.map((status) => (
            <MenuItem key={status.id} value={String(status.id)}>
              {status.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Card>
  );
}
