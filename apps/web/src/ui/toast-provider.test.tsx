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
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });
});
