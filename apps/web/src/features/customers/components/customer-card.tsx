import { EM_DASH, formatPhone, type TCustomer } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RowActionButtons } from '../../../ui/row-action-buttons';
import { customerName } from '../logic/customer-name';

type TCustomerCardProps = { customer: TCustomer; onEdit: () => void; onDelete: () => void };

/** A customer in the card view (phones): name and company, then how to reach them, with edit and delete. */
export function CustomerCard({ customer, onEdit, onDelete }: TCustomerCardProps) {
  const name = customerName(customer) || EM_DASH;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          #{customer.id} · {customer.erpId} · {customer.pid}
          {customer.isDealer ? ' · Dealer pricing' : ''}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.75 }}>
          {formatPhone(customer.phone)}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {customer.email ?? EM_DASH}
        </Typography>
      </Box>
      <RowActionButtons label={`customer ${customer.id}`} onEdit={onEdit} onDelete={onDelete} />
    </Stack>
  );
}
