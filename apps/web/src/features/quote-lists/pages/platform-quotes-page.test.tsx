import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { PlatformQuotesPage } from './platform-quotes-page';

const ok = (result: unknown) => ({ body: { success: true, result } });
const row = {
  id: 31,
  _id: '00000000-0000-4000-8000-000000000031',
  name: 'Dock doors',
  type: 3,
  statusTypeId: null,
  firstName: null,
  lastName: null,
  createdByEmail: 'vic@example.com',
  createdDate: '2026-03-04T15:00:00.000Z',
  totalCost: '0',
};

function renderAt(route: string, roleLevel: number) {
  const fetchMock = mockApi({
    'quoteManagement/getQuotes': () => ok({ rows: [row], count: 1 }),
    'statusTypesMgmt/getStatusTypes': () => ok({ rows: [], count: 0 }),
  });
  const session = makeSession({ user: makeUser({ roleLevel, pid: 'default' }) });
  renderWithApp(
    <Routes>
      <Route path="/Quotes/:pid" element={<PlatformQuotesPage />} />
    </Routes>,
    { route, session },
  );
  const quoteQueries = () =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('quoteManagement/getQuotes'))
      .map(([, init]) => JSON.parse(String(init?.body)));
  return { quoteQueries };
}

describe('PlatformQuotesPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists quotes and requests of every user with Created By, and offers New Quote', async () => {
    const { quoteQueries } = renderAt('/Quotes/default', 5);
    expect(await screen.findByRole('heading', { level: 1, name: 'Quotes' })).toBeTruthy();
    const cells = within((await screen.findByText('Dock doors')).closest('tr') as HTMLElement);
    expect(cells.getByText('vic@example.com')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Created By/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Quote' })).toBeTruthy();
    expect(quoteQueries()[0]).toEqual({ type: [1, 3], limit: 12, offset: 0, order: ['createdDate', 'DESC'] });
  });

  it('?type=requests is the quote requests variant: type 3 and no create button', async () => {
    const { quoteQueries } = renderAt('/Quotes/default?type=requests', 9);
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Requests' })).toBeTruthy();
    await screen.findByText('Dock doors');
    expect(screen.queryByRole('button', { name: 'New Quote' })).toBeNull();
    expect(quoteQueries()[0]).toMatchObject({ type: 3 });
    expect(screen.getByText('Every platform')).toBeTruthy();
  });

  it('All types drops the type filter', async () => {
    const { quoteQueries } = renderAt('/Quotes/default', 5);
    await screen.findByText('Dock doors');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Show' }, { timeout: 10_000 }));
    fireEvent.click(await screen.findByRole('option', { name: 'All types' }));
    await waitFor(() => expect(quoteQueries().at(-1)).not.toHaveProperty('type'));
  });

  it('a level 5 administrator asking for another platform gets their own', async () => {
    renderAt('/Quotes/other', 5);
    expect(await screen.findByText('Platform default')).toBeTruthy();
  });
});
