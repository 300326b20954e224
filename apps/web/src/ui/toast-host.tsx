import { ALERT_DURATION_MS } from '@cpq/contracts';
import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { PALETTE } from '../app/theme/theme';
import type { TToastVariant } from './use-toast';

export type TShowToast = (message: string, variant: TToastVariant) => void;

// Toast colours from the theme palette so that text on each passes WCAG AA (notistack's amber does not).
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  fontWeight: 500,
  borderRadius: 12,
  boxShadow: theme.shadows[6],
  '&.notistack-MuiContent-success': {
    backgroundColor: PALETTE.light.success.main,
    color: PALETTE.light.success.contrastText,
  },
  '&.notistack-MuiContent-error': {
    backgroundColor: PALETTE.light.error.main,
    color: PALETTE.light.error.contrastText,
  },
  '&.notistack-MuiContent-warning': {
    backgroundColor: PALETTE.light.warning.main,
    color: PALETTE.light.warning.contrastText,
  },
  '&.notistack-MuiContent-info': {
    backgroundColor: PALETTE.light.text.primary,
    color: PALETTE.light.background.paper,
  },
}));

const TOAST_COMPONENTS = { success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast };

const showToast: TShowToast = (message, variant) => {
  enqueueSnackbar(message, { variant });
};

/** The toasts, top right for 6 seconds, at most three at a time; tells ToastProvider when it can take them. */
export function ToastHost({ onReady }: { onReady: (show: TShowToast) => void }) {
  useEffect(() => onReady(showToast), [onReady]);
  return (
    <>
      {/* Toasts start below the sticky header so they never cover the logo or the menu on phones. */}
      <GlobalStyles styles={{ '.notistack-SnackbarContainer': { top: '72px !important' } }} />
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={ALERT_DURATION_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        Components={TOAST_COMPONENTS}
      />
    </>
  );
}
