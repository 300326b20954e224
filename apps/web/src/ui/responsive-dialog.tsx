import Close from '@mui/icons-material/Close';
import type { DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { LazyDialog } from './lazy-overlays';
import { useIsPhone } from './use-is-phone';

type TResponsiveDialogProps = {
  open: boolean;
  /** Escape, the backdrop and the close button; absent while the dialog must stay open (a save in flight). */
  onClose?: () => void;
  /** Names the dialog (its title's id). */
  titleId: string;
  title: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
};

/**
 * A dialog with its title and a close button, full screen on phones ({@link useIsPhone}). The children are its
 * content and actions.
 */
export function ResponsiveDialog({ open, onClose, titleId, title, maxWidth = 'sm', children }: TResponsiveDialogProps) {
  const isPhone = useIsPhone();
  return (
    <LazyDialog
      open={open}
      onClose={onClose}
      fullScreen={isPhone}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        disabled={!onClose}
        sx={{ position: 'absolute', top: 12, right: 12 }}
      >
        <Close />
      </IconButton>
      {children}
    </LazyDialog>
  );
}
