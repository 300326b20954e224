import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { QuotePage } from '../../quotes/pages/quote-page';
import { makeQuote } from '../../quotes/quote-fixtures.test-support';

const ok = (result: unknown) => ({ body: { success: true, result } });
const ORDER = makeQuote({ id: 8, type: 2, statusTypeId: null, dateOrderPlaced: '2026-03-04T15:00:00.000Z' });
const STATUS_TYPES = [
  { id: 4, name: 'Shipped', roleLevel: 5, visible: '1', displayOrder: 4, pid: 'default' },
  { id: 2, name: 'Submitted', roleLevel: 1, visible: '1', displayOrder: 1, pid: 'default' },
];
const platform = {
  version: 1,
  id: 'default',
  name: 'Default',
  emailAddresses: '',
  integration: 'default' as const,
  requireMFA: '0' as const,
  requireHttps: '0' as const,
  csiOrderCompleteString: 'Complete',
};

function renderOrder(roleLevel: number) {
  const fetchMock = mockApi({
    'quoteManagement/getQuote': () => ok(ORDER),
    'quoteManagement/getCommunications': () => ok({ rows: [], count: 0 }),
    'quoteManagement/getQuoteDocuments': () => ok([]),
    'statusTypesMgmt/getStatusTypes': () => ok({ rows: STATUS_TYPES, count: 2 }),
    'quoteManagement/setOrderStatus': (body) =>
      ok({
        ...ORDER,
        statusTypeId: (body as { statusTypeId: number }).statusTypeId,
        statusName: 'Shipped',
        version: 4,
      }),
  });
  renderWithApp(
    <Routes>
      <Route path="/Quote/:quoteId" element={<QuotePage />} />
    </Routes>,
    { route: '/Quote/8', session: makeSession({ user: makeUser({ roleLevel }), platform }) },
  );
  return fetchMock;
}

describe('the order view', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows only the Summary with Back and Print, and the platform’s label when the order has no status', async () => {
    renderOrder(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #8' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Complete');
    // Registered users see the status read-only.
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
  });

  it('an administrator sets the status with a select; the answer shows at once with a toast', async () => {
    const fetchMock = renderOrder(5);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Shipped' }));
    expect(await screen.findByText('Order #8 is now Shipped.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Shipped'));
    const body = fetchMock.mock.calls.find(([url]) => String(url).endsWith('setOrderStatus'))?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ id: 8, statusTypeId: 4 });
  });

  it('shows the order document as being prepared until the server has printed it, then lists it', async () => {
    const printed = { ...ORDER, currentPrintedDocument: 'a1.pdf', version: ORDER.version + 1 };
    let isPrinted = false;
    mockApi({
      'quoteManagement/getQuote': () => ok(isPrinted ? printed : ORDER),
      'quoteManagement/getCommunications': () => ok({ rows: [], count: 0 }),
      'quoteManagement/getQuoteDocuments': () =>
        ok(
          isPrinted
            ? [
                {
                  id: 3,
                  quoteId: 8,
                  lineId: null,
                  kind: 'quote',
                  revision: 1,
                  path: 'a1.pdf',
                  originalName: 'Order-8-Rev1.pdf',
                  mimetype: 'application/pdf',
                  createdByUserId: 1,
                  createdAt: '2026-03-04T15:00:01.000Z',
                },
              ]
            : [],
        ),
      'statusTypesMgmt/getStatusTypes': () => ok({ rows: STATUS_TYPES, count: 2 }),
    });
    renderWithApp(
      <Routes>
        <Route path="/Quote/:quoteId" element={<QuotePage />} />
      </Routes>,
      { route: '/Quote/8', session: makeSession({ user: makeUser({ roleLevel: 1 }), platform }) },
    );
    expect(await screen.findByText('Preparing the order document…')).toBeTruthy();
    // The server prints it; the page reads the order again by itself (no live update in this test).
    isPrinted = true;
    expect(await screen.findByText('Order Rev 1', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText('Preparing the order document…')).toBeNull();
  }, 15_000);
});
