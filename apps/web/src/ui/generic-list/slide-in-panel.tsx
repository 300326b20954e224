import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId } from 'react';
import { LazyDrawer } from '../lazy-overlays';

type TSlideInPanelProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Usually an EditFormFooter; stays at the bottom while the body scrolls. */
  footer?: ReactNode;
  /** Width from 600 px up; phones get the full width. */
  width?: number;
  /** Wraps body and footer in a form with this submit handler. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
};

/** A side panel for editors: slides in from the right, full width on phones. */
export function SlideInPanel({ open, title, onClose, children, footer, width = 520, onSubmit }: TSlideInPanelProps) {
  const titleId = useId();
  return (
    <LazyDrawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          'aria-labelledby': titleId,
          sx: {
            width: { xs: '100%', md: width },
            maxWidth: '100%',
            borderTopLeftRadius: { md: 15 },
            borderBottomLeftRadius: { md: 15 },
          },
        },
      }}
    >
      <Stack
        component={onSubmit ? 'form' : 'div'}
        noValidate={onSubmit ? true : undefined}
        onSubmit={onSubmit}
        sx={{ height: '100%' }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: { xs: 2.5, md: 3 }, py: 2 }}>
          <Typography id={titleId} variant="h3" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <IconButton onClick={onClose} aria-label="Close" edge="end">
            <Close />
          </IconButton>
        </Stack>
        <Divider />
        <Box sx={{ flex: 1, overflowY: 'auto', px: { xs: 2.5, md: 3 }, py: 3 }}>{children}</Box>
        {footer && (
          <>
            <Divider />
            {footer}
          </>
        )}
      </Stack>
    </LazyDrawer>
  );
}
