import type { TQuoteLine } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import { StatusChip } from '../../../ui/status-chip';

/**
 * 'Optional' on a line the customer may leave out on the quote link, 'Not included' once they did (the total and the
 * order leave it out); nothing on a required line.
 */
export function OptionalBadge({ line, sx }: { line: Pick<TQuoteLine, 'optional' | 'selected'>; sx?: SxProps<Theme> }) {
  if (!line.optional) return null;
  return (
    <Box component="span" sx={[{ display: 'inline-flex' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {line.selected ? (
        <Chip size="small" variant="outlined" label="Optional" />
      ) : (
        <StatusChip tone="waiting" label="Not included" ariaLabel="Not included: the customer left it out" />
      )}
    </Box>
  );
}
