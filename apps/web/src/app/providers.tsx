import type { ReactNode } from 'react';
import { ToastProvider } from '../ui/toast-provider';
import { ColorModeProvider } from './theme/color-mode';

/** App-wide providers that live outside the router: theme and toasts (the query cache comes with the pages). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ColorModeProvider>
      <ToastProvider>{children}</ToastProvider>
    </ColorModeProvider>
  );
}
