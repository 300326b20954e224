import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast-provider';
import { type TToasts, useToast } from './use-toast';

function Capture({ onToasts }: { onToasts: (toasts: TToasts) => void }) {
  onToasts(useToast());
  return <p>page content</p>;
}

describe('ToastProvider', () => {
  afterEach(cleanup);

  it('loads the toast host with the first toast and shows it', async () => {
    let toasts: TToasts | undefined;
    render(
      <ToastProvider>
        <Capture onToasts={(value) => (toasts = value)} />
      </ToastProvider>,
    );
    act(() => toasts?.success('Saved.'));
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('keeps the page when the toast code cannot be downloaded', async () => {
    vi.resetModules();
    vi.doMock('./toast-host', () => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const { ToastProvider: IsolatedProvider } = await import('./toast-provider');
    const { useToast: useIsolatedToast } = await import('./use-toast');
    let toasts: TToasts | undefined;
    function IsolatedCapture() {
      toasts = useIsolatedToast();
      return <p>page content</p>;
    }
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <IsolatedProvider>
        <IsolatedCapture />
      </IsolatedProvider>,
    );
    await act(async () => {
      toasts?.error('Could not save.');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByText('page content')).toBeTruthy();
    consoleError.mockRestore();
    vi.doUnmock('./toast-host');
  });
});
