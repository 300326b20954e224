import { ALERT_DURATION_MS } from '@cpq/contracts';
import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../lib/api';
import { ColorModeProvider } from './theme/color-mode';
import { PALETTE } from './theme/theme';

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
}));

const TOAST_COMPONENTS = { success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast };

/** No retries for answers that will not change on a retry (4xx). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** App-wide providers that live outside the router: data cache, theme and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        {/* Toasts start below the sticky header so they never cover the logo or the menu on phones. */}
        <GlobalStyles styles={{ '.notistack-SnackbarContainer': { top: '72px !important' } }} />
        <SnackbarProvider
          maxSnack={3}
          autoHideDuration={ALERT_DURATION_MS}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          Components={TOAST_COMPONENTS}
        >
          {children}
        </SnackbarProvider>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}
