import { MSG } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { makeLine, makeQuote } from '../quote-fixtures.test-support';
import { QuotePage } from './quote-page';

type THandlers = Parameters<typeof mockApi>[0];
const ok = (result: unknown) => ({ body: { success: true, result } });
const conflict = () => ({ status: 409, body: { success: false, error: MSG.conflict, code: 'CONFLICT' } });

function renderQuote(quote: ReturnType<typeof makeQuote>, handlers: THandlers = {}) {
  const fetchMock = mockApi({
    'quoteManagement/getQuote': () => ok(quote),
    'quoteManagement/getCommunications': () => ok({ rows: [], count: 0 }),
    'statusTypesMgmt/getStatusTypes': () => ok({ rows: [], count: 0 }),
    ...handlers,
  });
  renderWithApp(
    <Routes>
      <Route path="/Quote/:quoteId" element={<QuotePage />} />
      <Route path="/Configurator/:productId/:quoteId/:configId" element={<p>Configurator page</p>} />
    </Routes>,
    { route: `/Quote/${quote.id}`, session: makeSession({ user: makeUser() }) },
  );
  return fetchMock;
}

const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

// Each test renders the whole page (several in one test): on a loaded machine that takes longer than the default.
describe('QuotePage tabs', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
  });

  it('shows Lines, Details, Customer and Summary, moves with the arrows and keeps the tab per quote', async () => {
    renderQuote(makeQuote());
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Lines', 'Details', 'Customer', 'Summary']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Previous tab' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next tab' }));
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    expect(window.sessionStorage.getItem('quote:8:tab')).toBe('1');
    cleanup();
    renderQuote(makeQuote());
    expect(await screen.findByRole('tab', { name: 'Details', selected: true })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Project Name' })).toHaveProperty('value', 'Warehouse doors');
  });

  it('an order shows only its Summary with Back, Print and View, and the ERP status or Ordered', async () => {
    renderQuote(makeQuote({ type: 2, csiStatus: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #8' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getAllByText('Ordered').length).toBeGreaterThan(0);
    for (const name of ['Back', 'Print', 'View']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Quote' })).toBeNull();
    cleanup();
    renderQuote(makeQuote({ type: 2, csiStatus: 'Shipped' }));
    expect((await screen.findAllByText('Shipped')).length).toBeGreaterThan(0);
  });

  it('minus at quantity 1 refuses with the failure toast and sends nothing; plus saves the new quantity', async () => {
    const line = makeLine({ quantity: 1 });
    const fetchMock = renderQuote(makeQuote({ lines: [line] }), {
      'quoteManagement/updateLine': () =>
        ok({ line: { ...line, quantity: 2 }, quote: { id: 8, version: 4, totalCost: '25.0000', lineCount: 1 } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Decrease the quantity of HNG-9' }));
    expect(await screen.findByText(MSG.quantityMin)).toBeTruthy();
    expect(bodiesOf(fetchMock, 'updateLine')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Increase the quantity of HNG-9' }));
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$25.00'));
    // The line's own version (2), not the quote's (3).
    expect(bodiesOf(fetchMock, 'updateLine')).toEqual([{ id: 1, version: 2, input: { quantity: 2 } }]);
  });

  it('each save sends the line version the previous answer gave; a 409 says to reload', async () => {
    const line = makeLine({ quantity: 1 });
    let answered = line.version;
    const fetchMock = renderQuote(makeQuote({ lines: [line] }), {
      'quoteManagement/updateLine': (body) => {
        const { version, input } = body as { version: number; input: { quantity: number } };
        if (input.quantity === 3) return conflict();
        answered = version + 1;
        const saved = { ...line, quantity: input.quantity, version: answered };
        return ok({ line: saved, quote: { id: 8, version: 4, totalCost: '25.0000', lineCount: 1 } });
      },
    });
    const plus = await screen.findByRole('button', { name: 'Increase the quantity of HNG-9' });
    fireEvent.click(plus);
    await waitFor(() => expect(answered).toBe(3));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Quantity of HNG-9' }) as HTMLInputElement).value).toBe('2'),
    );
    fireEvent.click(plus);
    expect(await screen.findByText(MSG.conflict)).toBeTruthy();
    expect(bodiesOf(fetchMock, 'updateLine')).toEqual([
      { id: 1, version: 2, input: { quantity: 2 } },
      { id: 1, version: 3, input: { quantity: 3 } },
    ]);
  });

  it('a typed quantity is checked, kept while wrong, sent on Enter or blur, and Escape puts the saved one back', async () => {
    const line = makeLine({ quantity: 1 });
    const fetchMock = renderQuote(makeQuote({ lines: [line] }), {
      'quoteManagement/updateLine': (body) => {
        const quantity = (body as { input: { quantity: number } }).input.quantity;
        return ok({ line: { ...line, quantity }, quote: { id: 8, version: 4, totalCost: '125.0000', lineCount: 1 } });
      },
    });
    const field = (await screen.findByRole('textbox', { name: 'Quantity of HNG-9' })) as HTMLInputElement;
    expect(field.value).toBe('1');
    // Below 1: the spec's message at the field, the text stays, nothing is sent.
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.blur(field);
    expect(await screen.findByText(MSG.quantityMin)).toBeTruthy();
    expect(field.value).toBe('0');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    for (const [typed, message] of [
      ['2.5', 'Quantity must be a whole number.'],
      ['abc', 'Enter a whole number of at least 1.'],
    ]) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.keyDown(field, { key: 'Enter' });
      expect(await screen.findByText(message as string)).toBeTruthy();
      expect(field.value).toBe(typed);
    }
    expect(bodiesOf(fetchMock, 'updateLine')).toEqual([]);
    // Escape: the saved quantity again, no message.
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.value).toBe('1');
    expect(screen.queryByText('Enter a whole number of at least 1.')).toBeNull();
    // Enter sends what was typed (thousands commas welcome); the total follows the answer.
    fireEvent.change(field, { target: { value: '1,000' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$125.00'));
    expect(field.value).toBe('1000');
    expect(bodiesOf(fetchMock, 'updateLine')).toEqual([{ id: 1, version: 2, input: { quantity: 1000 } }]);
  });

  it('deletes a line only after Yes, Delete', async () => {
    const fetchMock = renderQuote(makeQuote(), {
      'quoteManagement/deleteLine': () =>
        ok({ ok: true, id: 1, quote: { id: 8, version: 4, totalCost: '0.0000', lineCount: 0 } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete HNG-9' }));
    fireEvent.click(screen.getByRole('button', { name: MSG.noCancel }));
    expect(bodiesOf(fetchMock, 'deleteLine')).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete HNG-9' }));
    fireEvent.click(screen.getByRole('button', { name: MSG.yesDelete }));
    expect(await screen.findByText('No lines yet')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'deleteLine')).toEqual([{ id: 1, quoteId: 8, version: 2 }]);
  });

  it('keeps the comment draft per quote across a remount and clears it once added', async () => {
    renderQuote(makeQuote(), {
      'quoteManagement/createCommunication': () =>
        ok({ id: 5, comment: 'Ship in May', username: 'ada@example.com', quoteId: 8, date: '2026-03-05T10:00:00Z' }),
    });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    fireEvent.change(box, { target: { value: 'Ship in May' } });
    cleanup();
    const fetchMock = renderQuote(makeQuote(), {
      'quoteManagement/createCommunication': () =>
        ok({ id: 5, comment: 'Ship in May', username: 'ada@example.com', quoteId: 8, date: '2026-03-05T10:00:00Z' }),
    });
    const again = await screen.findByRole('textbox', { name: 'Add a comment' });
    expect(again).toHaveProperty('value', 'Ship in May');
    fireEvent.click(screen.getByRole('button', { name: 'Add Comment' }));
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getByText('Ship in May')).toBeTruthy();
    expect(within(list).getByText('03/05/2026')).toBeTruthy();
    expect(again).toHaveProperty('value', '');
    expect(window.sessionStorage.getItem('quote:8:comment')).toBeNull();
    expect(bodiesOf(fetchMock, 'createCommunication')).toEqual([{ input: { quoteId: 8, comment: 'Ship in May' } }]);
  });

  it('Create Quote without the contact names shows the Details tab and the message', async () => {
    renderQuote(makeQuote());
    fireEvent.click(await screen.findByRole('button', { name: 'Create Quote' }));
    expect(await screen.findByText(MSG.addContactName)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
  });

  it('Create Quote with a contact and a line goes to configurator 31 for this quote', async () => {
    renderQuote(
      makeQuote({
        quoteGenConfigId: 'cfg-31',
        contact: {
          id: null,
          firstName: 'Ada',
          lastName: 'L',
          email: null,
          phone: null,
          altPhone: null,
          companyName: null,
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create Quote' }));
    expect(await screen.findByText('Configurator page')).toBeTruthy();
  });

  it('a change of status on the Details tab is confirmed with the new status by name', async () => {
    const quote = makeQuote({ statusTypeId: null });
    const fetchMock = renderQuote(quote, {
      'statusTypesMgmt/getStatusTypes': () =>
        ok({
          rows: [{ id: 2, name: 'In Review', roleLevel: 1, visible: '1', displayOrder: 1, pid: 'default' }],
          count: 1,
        }),
      'quoteManagement/updateQuote': () => ok({ ...quote, statusTypeId: 2, version: 4 }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Details' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'In Review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Details saved. Quote #8 is now In Review.', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(bodiesOf(fetchMock, 'updateQuote')).toEqual([
      { id: 8, version: 3, input: { name: 'Warehouse doors', notes: null, statusTypeId: 2 } },
    ]);
  });

  it('a stale Details save shows the server’s message with Reload', async () => {
    renderQuote(makeQuote(), {
      'quoteManagement/updateQuote': () => ({
        status: 409,
        body: { success: false, error: MSG.conflict, code: 'CONFLICT' },
      }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Details' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Project Name' }), { target: { value: 'North dock' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.conflict)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
