import type { TAddress } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RowActionButtons } from '../../../ui/row-action-buttons';
import { joinAddressLines } from '../logic/address-lines';

type TAddressCardProps = { address: TAddress; showPlatform: boolean; onEdit: () => void; onDelete: () => void };

/** An address in the card view (phones), written as on an envelope, with edit and delete. */
export function AddressCard({ address, showPlatform, onEdit, onDelete }: TAddressCardProps) {
  const type = address.AddressType === 1 ? 'Billing' : 'Shipping';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {joinAddressLines(address)}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.25 }}>
          {address.City}, {address.State} {address.Zip}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          #{address.id} · {type}
          {showPlatform && ` · ${address.pid}`}
        </Typography>
      </Box>
      <RowActionButtons label={`address ${address.id}`} onEdit={onEdit} onDelete={onDelete} />
    </Stack>
  );
}
