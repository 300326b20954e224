import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

/** Toasts in the spec's three colours: green success, red failure, amber warning. */
export function useToast() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
      error: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
      warning: (message: string) => enqueueSnackbar(message, { variant: 'warning' }),
    }),
    [enqueueSnackbar],
  );
}
