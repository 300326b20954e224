import { createContext, useContext } from 'react';

export type TToastVariant = 'success' | 'error' | 'warning' | 'info';
export type TToasts = Record<TToastVariant, (message: string) => void>;

export const ToastContext = createContext<TToasts | null>(null);

/**
 * Toasts in the spec's three colours (green success, red failure, amber warning), plus a neutral one for the
 * configuration engine's information messages. ToastProvider shows them.
 */
export function useToast(): TToasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToast needs ToastProvider');
  return toasts;
}
