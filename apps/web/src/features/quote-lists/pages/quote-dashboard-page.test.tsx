import type { TQuoteListRow } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { QuoteDashboardPage } from './quote-dashboard-page';

const user = makeUser({ username: 'ada@example.com', roleLevel: 1 });
const session = makeSession({ user });
const quote = (id: number, name: string): TQuoteListRow => ({
  id,
  _id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  name,
  type: 1,
  statusTypeId: 2,
  firstName: 'Ann',
  lastName: 'Lee',
  createdByEmail: user.username,
  createdDate: '2026-03-04T15:00:00.000Z',
  totalCost: '1234.5',
  isLocked: false,
});
const ok = (result: unknown) => ({ body: { success: true, result } });
const page = (rows: TQuoteListRow[]) => ok({ rows, count: rows.length });
const empty = () => page([]);
const statusTypes = () =>
  ok({ rows: [{ id: 2, name: 'In Review', roleLevel: 1, visible: '1', displayOrder: 1, pid: 'default' }], count: 1 });

/** A call that answers only when the test says so, to look at the list while it waits. */
function deferred() {
  let answer: (value: { status?: number; body: unknown }) => void = () => undefined;
  const promise = new Promise<{ status?: number; body: unknown }>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

/** The first page, then refetches that never answer: what the list shows after a failure is the rollback's doing. */
function firstPageOnly(rows: TQuoteListRow[]) {
  let calls = 0;
  return () => {
    calls += 1;
    return calls === 1 ? page(rows) : new Promise<never>(() => undefined);
  };
}

/** mockApi with handlers that may answer later. */
function mockLater(
  handlers: Record<
    string,
    (body: unknown) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>
  >,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/api\/v1\//, '');
    const handler = handlers[path];
    if (!handler) return new Response(JSON.stringify({ success: false, error: 'Not mocked' }), { status: 404 });
    const answer = await handler(init?.body ? JSON.parse(String(init.body)) : undefined);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bodiesOf = (fetchMock: ReturnType<typeof vi.fn>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path)).map(([, init]) => JSON.parse(String(init?.body)));
const rowMenu = async (name: RegExp) => fireEvent.click(await screen.findByRole('button', { name }));

describe('QuoteDashboardPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the caller’s own quotes, newest first, with the status name, customer, date and value', async () => {
    const fetchMock = mockApi({
      'quoteManagement/getQuotes': () => page([quote(12, 'Lobby doors')]),
      'statusTypesMgmt/getStatusTypes': statusTypes,
      'productManagement/getProducts': empty,
    });
    renderWithApp(<QuoteDashboardPage />, { route: '/QuoteDashboard', session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quotes' })).toBeTruthy();
    const row = (await screen.findByText('Lobby doors')).closest('tr') as HTMLElement;
    expect(within(row).getByText('#12')).toBeTruthy();
    expect(await within(row).findByText('In Review')).toBeTruthy();
    expect(within(row).getByText('Ann Lee')).toBeTruthy();
    expect(within(row).getByText('03/04/2026')).toBeTruthy();
    expect(within(row).getByText('$1,234.50')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'quoteManagement/getQuotes')[0]).toEqual({
      username: user.username,
      type: 1,
      limit: 12,
      offset: 0,
      order: ['createdDate', 'DESC'],
    });
  });

  it('New Quote creates a quote under a new GUID and opens it', async () => {
    const fetchMock = mockApi({
      'quoteManagement/getQuotes': empty,
      'statusTypesMgmt/getStatusTypes': statusTypes,
      'productManagement/getProducts': empty,
      'quoteManagement/createQuote': () => ok({ ...quote(55, ''), lines: [] }),
    });
    renderWithApp(
      <Routes>
        <Route path="/QuoteDashboard" element={<QuoteDashboardPage />} />
        <Route path="/Quote/:id" element={<p>Quote detail</p>} />
      </Routes>,
      { route: '/QuoteDashboard', session },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New Quote' }));
    expect(await screen.findByText('Quote detail')).toBeTruthy();
    const [body] = bodiesOf(fetchMock, 'quoteManagement/createQuote');
    expect(body.input._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('Copy shows the copy at once under a new GUID, and takes it back with a toast when the call fails', async () => {
    const copyCall = deferred();
    const fetchMock = mockLater({
      'quoteManagement/getQuotes': firstPageOnly([quote(12, 'Lobby doors')]),
      'statusTypesMgmt/getStatusTypes': statusTypes,
      'productManagement/getProducts': empty,
      'quoteManagement/copyQuote': () => copyCall.promise,
    });
    renderWithApp(<QuoteDashboardPage />, { route: '/QuoteDashboard', session });
    await rowMenu(/^Actions for Quote #12/);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Copy' }));
    await waitFor(() => expect(screen.getAllByText('Lobby doors')).toHaveLength(2));
    const [body] = bodiesOf(fetchMock, 'quoteManagement/copyQuote');
    expect(body.id).toBe(12);
    expect(body._id).not.toBe(quote(12, 'Lobby doors')._id);
    copyCall.answer({ status: 404, body: { success: false, error: 'Quote not found.', code: 'NOT_FOUND' } });
    expect(await screen.findByText('Quote not found.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Lobby doors')).toHaveLength(1));
  });

  it('Delete asks first, removes the row at once, and puts it back with the server’s message on failure', async () => {
    const deleteCall = deferred();
    const fetchMock = mockLater({
      'quoteManagement/getQuotes': firstPageOnly([quote(12, 'Lobby doors'), quote(11, 'Garage')]),
      'statusTypesMgmt/getStatusTypes': statusTypes,
      'productManagement/getProducts': empty,
      'quoteManagement/deleteQuote': () => deleteCall.promise,
    });
    renderWithApp(<QuoteDashboardPage />, { route: '/QuoteDashboard', session });
    await rowMenu(/^Actions for Quote #12/);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete quote #12 (Ann Lee)?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No, Cancel' }));
    expect(bodiesOf(fetchMock, 'quoteManagement/deleteQuote')).toHaveLength(0);

    await rowMenu(/^Actions for Quote #12/);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(screen.queryByText('Lobby doors')).toBeNull());
    expect(screen.getByText('Garage')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'quoteManagement/deleteQuote')[0]).toEqual({ id: 12, _id: quote(12, '')._id });
    deleteCall.answer({
      status: 409,
      body: { success: false, error: 'Quote is locked, no action can be taken.', code: 'CONFLICT' },
    });
    expect(await screen.findByText('Quote is locked, no action can be taken.')).toBeTruthy();
    expect(await screen.findByText('Lobby doors')).toBeTruthy();
  });

  it('Copy and Delete say so when they succeed', async () => {
    mockApi({
      'quoteManagement/getQuotes': firstPageOnly([quote(12, 'Lobby doors')]),
      'statusTypesMgmt/getStatusTypes': statusTypes,
      'productManagement/getProducts': empty,
      'quoteManagement/copyQuote': () => ok({ ...quote(13, 'Lobby doors'), lines: [] }),
      'quoteManagement/deleteQuote': () => ok({ ok: true }),
    });
    renderWithApp(<QuoteDashboardPage />, { route: '/QuoteDashboard', session });
    await rowMenu(/^Actions for Quote #12/);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Copy' }));
    expect(await screen.findByText('Copied Quote #12 to Quote #13.', undefined, { timeout: 10_000 })).toBeTruthy();
    await rowMenu(/^Actions for Quote #12/);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('Deleted Quote #12.', undefined, { timeout: 10_000 })).toBeTruthy();
  }, 20_000);

  it('a public user sees their own quote requests and no New Quote', async () => {
    const fetchMock = mockApi({
      'quoteManagement/getQuotes': empty,
      'statusTypesMgmt/getStatusTypes': statusTypes,
      'productManagement/getProducts': empty,
    });
    const visitor = makeUser({ username: 'vic@example.com', roleLevel: 0 });
    renderWithApp(<QuoteDashboardPage />, { route: '/QuoteDashboard', session: makeSession({ user: visitor }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Requests' })).toBeTruthy();
    expect(await screen.findByText('No quote requests yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Quote' })).toBeNull();
    expect(bodiesOf(fetchMock, 'quoteManagement/getQuotes')[0]).toMatchObject({ username: 'vic@example.com', type: 3 });
  });
});
