import { MSG } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { LazyDialog } from '../lazy-overlays';

type TConfirmDialogProps = {
  open: boolean;
  title?: string;
  /** The question, e.g. 'Are you sure you want to delete the following users?' */
  message: ReactNode;
  /** Names listed under the question (the rows about to be deleted). */
  items?: string[];
  /** Defaults to 'Yes, Delete'. */
  confirmLabel?: string;
  /** Defaults to 'No, Cancel'. */
  cancelLabel?: string;
  /** Red confirm button (the default, for deletes). */
  isDestructive?: boolean;
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question: 'Yes, Delete' / 'No, Cancel' unless told otherwise. The safe answer has the focus. */
export function ConfirmDialog({
  open,
  title = 'Please confirm',
  message,
  items,
  confirmLabel = MSG.yesDelete,
  cancelLabel = MSG.noCancel,
  isDestructive = true,
  isPending = false,
  onConfirm,
  onCancel,
}: TConfirmDialogProps) {
  return (
    <LazyDialog
      open={open}
      onClose={isPending ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-message"
    >
      <DialogTitle id="confirm-dialog-title" sx={{ pb: 1 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-message" sx={{ color: 'text.primary' }}>
          {message}
        </DialogContentText>
        {items && items.length > 0 && (
          <Box
            component="ul"
            sx={{
              mt: 1.5,
              mb: 0,
              pl: 2.5,
              maxHeight: 220,
              overflowY: 'auto',
              color: 'text.secondary',
              overflowWrap: 'anywhere',
            }}
          >
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat; the list never reorders
              <li key={`${item}-${index}`}>{item}</li>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onCancel} color="inherit" autoFocus disabled={isPending}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} variant="contained" color={isDestructive ? 'error' : 'primary'} loading={isPending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}
