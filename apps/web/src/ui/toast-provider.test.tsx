import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from './toast-provider';
import { type TToasts, useToast } from './use-toast';

let toasts: TToasts | undefined;
function Page() {
  toasts = useToast();
  return <p>page content</p>;
}

describe('ToastProvider', () => {
  it('loads the toast host with the first toast and shows it', async () => {
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    act(() => toasts?.success('Saved.'));
    // The host is a lazy chunk: its first import is transformed on demand, which took over findByText's default
    // second once on CI's two busy cores (two test workers).
    expect(await screen.findByText('Saved.', undefined, { timeout: 10_000 })).toBeTruthy();
  }, 15_000);
});
