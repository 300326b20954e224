import { MSG } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { QuotePage } from '../pages/quote-page';
import { canLockQuote } from './quote-lock';

const QUOTE = {
  id: 8,
  _id: '00000000-0000-4000-8000-000000000008',
  pid: 'default',
  type: 1,
  version: 3,
  name: 'Warehouse doors',
  totalCost: '77.0000',
  createdDate: '2026-03-04T15:00:00.000Z',
  createdByEmail: 'ada@example.com',
  isLocked: false,
  lines: [],
};

function renderQuote(quote: Record<string, unknown>, roleLevel: 0 | 1 | 5 | 9, pid = 'default') {
  const calls: { path: string; body: unknown }[] = [];
  const answer = (path: string, isLocked: boolean) => (body: unknown) => {
    calls.push({ path, body });
    return { body: { success: true, result: { ...quote, isLocked, version: Number(quote.version) + 1 } } };
  };
  mockApi({
    'quoteManagement/getQuote': () => ({ body: { success: true, result: quote } }),
    'quoteManagement/getCommunications': () => ({ body: { success: true, result: { rows: [], count: 0 } } }),
    'quoteManagement/lockQuote': answer('lockQuote', true),
    'quoteManagement/unlockQuote': answer('unlockQuote', false),
  });
  renderWithApp(
    <Routes>
      <Route path="/Quote/:quoteId" element={<QuotePage />} />
    </Routes>,
    { route: '/Quote/8', session: makeSession({ user: makeUser({ roleLevel, pid }) }) },
  );
  return calls;
}

describe('the quote lock', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is offered to administrators of the quote’s platform and to level 9, never on orders', () => {
    const quote = { pid: 'default', type: 1 as const };
    expect(canLockQuote(makeUser({ roleLevel: 1 }), quote)).toBe(false);
    expect(canLockQuote(makeUser({ roleLevel: 5 }), quote)).toBe(true);
    expect(canLockQuote(makeUser({ roleLevel: 5, pid: 'other' }), quote)).toBe(false);
    expect(canLockQuote(makeUser({ roleLevel: 9, pid: 'other' }), quote)).toBe(true);
    expect(canLockQuote(makeUser({ roleLevel: 9 }), { ...quote, type: 2 })).toBe(false);
    expect(canLockQuote(null, quote)).toBe(false);
  });

  it('an administrator locks after saying what locking does; the page then shows the lock', async () => {
    const calls = renderQuote(QUOTE, 5);
    fireEvent.click(await screen.findByRole('button', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock Quote #8?' });
    expect(dialog.textContent).toContain('Nobody can change a locked quote');
    fireEvent.click(screen.getByRole('button', { name: 'Lock quote' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'lockQuote', body: { id: 8, version: 3 } }]));
    expect(await screen.findByText(MSG.quoteLocked, { selector: '.MuiAlertTitle-root' })).toBeTruthy();
    expect(screen.getByTestId('quote-locked').textContent).toBe('Locked');
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeTruthy();
  });

  it('a registered user sees a locked quote read-only, with no lock button and no comment box', async () => {
    renderQuote({ ...QUOTE, isLocked: true }, 1);
    expect(await screen.findByText(MSG.quoteLocked, { selector: '.MuiAlertTitle-root' })).toBeTruthy();
    expect(screen.getByText(/Ask one to unlock it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Catalog' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
  });
});
