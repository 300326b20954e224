import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import type { TShowToast } from './toast-host';
import { ToastContext, type TToasts, type TToastVariant } from './use-toast';

// The toast renderer (notistack and its styles) is not needed to show any page: it loads with the first toast.
const ToastHost = lazy(() => import('./toast-host').then((m) => ({ default: m.ToastHost })));

/**
 * Keeps a failed download of the toast code (a deploy replaced it, the network dropped) from taking the page down:
 * the toasts are lost, the work the user is doing is not.
 */
class ToastHostBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A promise of the mounted host's show function, with the resolver the host calls once it has mounted. */
function hostReadiness(): { ready: Promise<TShowToast>; resolve: (show: TShowToast) => void } {
  let resolve: (show: TShowToast) => void = () => undefined;
  const ready = new Promise<TShowToast>((settle) => {
    resolve = settle;
  });
  return { ready, resolve };
}

/** Provides useToast(); mounts the toast host the first time a toast is asked for, then shows it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [host] = useState(hostReadiness);
  const [isHostWanted, setHostWanted] = useState(false);
  const toasts = useMemo<TToasts>(() => {
    const show = (variant: TToastVariant) => (message: string) => {
      setHostWanted(true);
      void host.ready.then((showToast) => showToast(message, variant));
    };
    return { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
  }, [host]);
  return (
    <ToastContext value={toasts}>
      {children}
      {isHostWanted && (
        <ToastHostBoundary>
          <Suspense fallback={null}>
            <ToastHost onReady={host.resolve} />
          </Suspense>
        </ToastHostBoundary>
      )}
    </ToastContext>
  );
}
