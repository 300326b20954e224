import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast-provider';
import { type TToasts, useToast } from './use-toast';

// The toast code cannot be downloaded (a deploy replaced it, the network dropped).
vi.mock('./toast-host', () => Promise.reject(new Error('Failed to fetch dynamically imported module')));

let toasts: TToasts | undefined;
function Page() {
  toasts = useToast();
  return <p>page content</p>;
}

describe('ToastProvider without its toast code', () => {
  it('keeps the page', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    await act(async () => {
      toasts?.error('Could not save.');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByText('page content')).toBeTruthy();
    consoleError.mockRestore();
  });
});
