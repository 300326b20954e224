import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent } from 'react';

type TRowActionButtonsProps = {
  /** What the row is called, for the buttons' accessible names ('Edit Address 12'). */
  label: string;
  onEdit: () => void;
  onDelete: () => void;
};

/** The Actions cell of a list row: edit and delete buttons. Their clicks never also open the row. */
export function RowActionButtons({ label, onEdit, onDelete }: TRowActionButtonsProps) {
  const run = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };
  return (
    <Stack direction="row" spacing={0.5} onKeyDown={(event) => event.stopPropagation()}>
      <Tooltip title="Edit">
        <IconButton size="small" aria-label={`Edit ${label}`} onClick={run(onEdit)}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton size="small" color="error" aria-label={`Delete ${label}`} onClick={run(onDelete)}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
