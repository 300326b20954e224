import type { TQuoteListRow } from '@cpq/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { ORDER_ATTRIBUTES } from '../components/order-list';
import { OrdersPage } from './orders-page';

const ok = (result: unknown) => ({ body: { success: true, result } });
const row = (overrides: Partial<TQuoteListRow>): TQuoteListRow => ({
  id: 41,
  name: 'Dock doors',
  statusTypeId: null,
  statusName: null,
  firstName: null,
  lastName: null,
  createdByEmail: 'ada@example.com',
  createdDate: '2026-03-01T15:00:00.000Z',
  dateOrderPlaced: '2026-03-04T15:00:00.000Z',
  totalCost: '1234.5',
  csiStatus: null,
  ...overrides,
});
function renderAt(route: string, roleLevel: number, rows: TQuoteListRow[]) {
  const fetchMock = mockApi({
    'quoteManagement/getQuotes': () => ok({ rows, count: rows.length }),
  });
  const user = makeUser({ username: 'ada@example.com', roleLevel, pid: 'default' });
  renderWithApp(
    <Routes>
      <Route path="/Orders/:key" element={<OrdersPage />} />
      <Route path="/Quote/:id" element={<p>Order detail</p>} />
    </Routes>,
    { route, session: makeSession({ user }) },
  );
  const queries = () =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('quoteManagement/getQuotes'))
      .map(([, init]) => JSON.parse(String(init?.body)));
  return { queries };
}

describe('OrdersPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the user’s orders, newest first, with customer, date, status and value; a row opens the order', async () => {
    const { queries } = renderAt('/Orders/ada@example.com', 1, [
      row({ id: 41, firstName: 'Ann', lastName: 'Lee', statusTypeId: 4, statusName: 'Shipped' }),
      row({ id: 40, name: 'Lobby', csiStatus: 'Released' }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(screen.getByText('Orders update automatically.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New|Create/ })).toBeNull();
    const first = within((await screen.findByText('Dock doors')).closest('tr') as HTMLElement);
    expect(first.getByText('#41')).toBeTruthy();
    expect(first.getByText('Ann Lee')).toBeTruthy();
    expect(first.getByText('03/04/2026')).toBeTruthy();
    expect(await first.findByText('Shipped')).toBeTruthy();
    expect(first.getByText('$1,234.50')).toBeTruthy();
    const second = within(screen.getByText('Lobby').closest('tr') as HTMLElement);
    expect(second.getByText('ada@example.com')).toBeTruthy();
    expect(second.getByText('Released')).toBeTruthy();
    expect(queries()[0]).toEqual({
      type: 2,
      username: 'ada@example.com',
      attributes: [...ORDER_ATTRIBUTES],
      limit: 12,
      offset: 0,
      order: ['dateOrderPlaced', 'DESC'],
    });
    fireEvent.click(screen.getByRole('row', { name: /Order #41/ }));
    expect(await screen.findByText('Order detail')).toBeTruthy();
  });

  it('an order without status shows the fallback label Ordered', async () => {
    renderAt('/Orders/ada@example.com', 1, [row({})]);
    const cells = within((await screen.findByText('Dock doors')).closest('tr') as HTMLElement);
    expect(cells.getByText('Ordered')).toBeTruthy();
  });

  it('a registered user asking for a platform’s orders gets their own', async () => {
    const { queries } = renderAt('/Orders/default', 1, []);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(queries()[0]).toMatchObject({ username: 'ada@example.com' });
  });

  it('an administrator reaches the platform’s orders with All Orders: no username in the query', async () => {
    const { queries } = renderAt('/Orders/ada@example.com', 5, []);
    fireEvent.click(await screen.findByRole('button', { name: 'All Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Orders' })).toBeTruthy();
    expect(screen.getByText('Platform default ·')).toBeTruthy();
    expect(queries().at(-1)).not.toHaveProperty('username');
    expect(queries().at(-1)).toMatchObject({ type: 2 });
  });
});
