import type { TQuoteListRow } from '@cpq/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { QuoteRequestsPage } from './quote-requests-page';

const ok = (result: unknown) => ({ body: { success: true, result } });
const request = (id: number, overrides: Partial<TQuoteListRow> = {}): TQuoteListRow => ({
  id,
  _id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  name: 'Barn doors',
  type: 3,
  pid: 'default',
  statusTypeId: null,
  firstName: null,
  lastName: null,
  createdByEmail: 'vic@visitor.example',
  createdByUserId: 40,
  requestedBy: 'vic@visitor.example',
  takenBy: null,
  createdDate: '2026-03-04T15:00:00.000Z',
  totalCost: '154',
  isLocked: false,
  ...overrides,
});
const rows = [
  request(21),
  request(20, { createdByEmail: 'bob@example.com', createdByUserId: 99, takenBy: 'bob@example.com' }),
];

function renderPage(roleLevel: number, handlers: Record<string, () => { body: unknown; status?: number }> = {}) {
  const fetchMock = mockApi({
    'quoteManagement/getQuotes': () => ok({ rows, count: rows.length }),
    'statusTypesMgmt/getStatusTypes': () => ok({ rows: [], count: 0 }),
    ...handlers,
  });
  renderWithApp(
    <Routes>
      <Route path="/QuoteRequests" element={<QuoteRequestsPage />} />
      <Route path="/QuoteDashboard" element={<p>Dashboard</p>} />
      <Route path="/Quote/:id" element={<p>Quote detail</p>} />
    </Routes>,
    { route: '/QuoteRequests', session: makeSession({ user: makeUser({ roleLevel }) }) },
  );
  return fetchMock;
}

describe('QuoteRequestsPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the platform’s requests with who asked and who took each, and no create button', async () => {
    const fetchMock = renderPage(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Requests' })).toBeTruthy();
    const open = within((await screen.findByText('#21')).closest('tr') as HTMLElement);
    expect(open.getByText('vic@visitor.example')).toBeTruthy();
    expect(open.getByText('Open')).toBeTruthy();
    const taken = within(screen.getByText('#20').closest('tr') as HTMLElement);
    expect(taken.getByText('bob@example.com')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Requested By/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Taken By/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Quote' })).toBeNull();
    expect(requestBodies(fetchMock, 'quoteManagement/getQuotes')[0]).toEqual({
      type: 3,
      limit: 12,
      offset: 0,
      order: ['createdDate', 'DESC'],
    });
  });

  it('Take on an open request takes it and opens it; a taken one offers Open only', async () => {
    const fetchMock = renderPage(1, {
      'quoteManagement/takeQuoteRequest': () => ok({ ...request(21), takenBy: 'ada@example.com', lines: [] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Actions for Quote #20/ }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Open']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: /^Actions for Quote #21/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Take' }));
    expect(await screen.findByText('Quote detail')).toBeTruthy();
    expect(requestBodies(fetchMock, 'quoteManagement/takeQuoteRequest')).toEqual([{ id: 21 }]);
  });

  it('a visitor (level 0) goes to their own requests on the dashboard', async () => {
    renderPage(0);
    expect(await screen.findByText('Dashboard')).toBeTruthy();
  });
});
