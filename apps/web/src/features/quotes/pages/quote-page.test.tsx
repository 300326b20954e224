import { MSG } from '@cpq/contracts';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { QuotePage } from './quote-page';

const QUOTE = {
  id: 8,
  type: 3,
  name: 'Warehouse doors',
  totalCost: '1074.9700',
  createdDate: '2026-03-04T15:00:00.000Z',
  createdByEmail: 'ada@example.com',
  createdByUserId: 7,
  pid: 'default',
  isLocked: false,
  lines: [],
};

function renderQuote(answer: { status?: number; body: unknown }, route = '/Quote/8') {
  const fetchMock = mockApi({ 'quoteManagement/getQuote': () => answer });
  renderWithApp(
    <Routes>
      <Route path="/Quote/:quoteId" element={<QuotePage />} />
    </Routes>,
    { route, session: makeSession({ user: makeUser() }) },
  );
  return fetchMock;
}

describe('QuotePage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('titles the quote by type and number with its total; no lines offers the Catalog', async () => {
    const fetchMock = renderQuote({ body: { success: true, result: QUOTE } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Request #8' })).toBeTruthy();
    expect(screen.getByTestId('quote-total').textContent).toBe('$1,074.97');
    expect(await screen.findByText('No lines yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Catalog' })).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ id: 8 });
  });

  it('an order takes no new lines', async () => {
    renderQuote({ body: { success: true, result: { ...QUOTE, type: 2 } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #8' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Catalog' })).toBeNull();
  });

  it('a quote that cannot be read shows the server’s message and a way back', async () => {
    const message = 'We could not find that quote.';
    renderQuote({ status: 404, body: { success: false, error: message, code: 'NOT_FOUND' } });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote #8 cannot be shown');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('a number no quote id can be (past the database range) is not found, without asking the server', async () => {
    const fetchMock = renderQuote({ body: { success: true, result: QUOTE } }, '/Quote/2147483648');
    expect(await screen.findByText(MSG.notFound)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quote #2147483648 cannot be shown');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
