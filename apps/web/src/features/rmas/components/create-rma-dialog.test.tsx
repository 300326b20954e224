import { MSG, type TQuote } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp, requestBodies, type TMockAnswer } from '../../../test/render';
import { QuotePage } from '../../quotes/pages/quote-page';
import { makeLine, makeQuote } from '../../quotes/quote-fixtures.test-support';
import { makeRma } from '../rma-fixtures.test-support';

const ok = (result: unknown) => ({ body: { success: true, result } });
const LINE = makeLine({ id: 21, partNumber: 'HNG-9', quantity: 3 });
const ORDER = makeQuote({ id: 8, type: 2, lines: [LINE], dateOrderPlaced: '2026-03-04T15:00:00.000Z' });

/** The order page of ORDER (or `quote`); createRMAs answers as `createRmas` says, and from then on the order is returned. */
function renderOrder({
  quote = ORDER,
  createRmas,
  roleLevel = 1,
}: {
  quote?: TQuote;
  createRmas?: (body: unknown) => TMockAnswer;
  roleLevel?: number;
}) {
  let isReturned = false;
  const fetchMock = mockApi({
    'quoteManagement/getQuote': () =>
      ok(
        isReturned
          ? { ...quote, rmaCreated: true, lines: quote.lines?.map((l) => ({ ...l, rmaCreated: true })) }
          : quote,
      ),
    'quoteManagement/getCommunications': () => ok({ rows: [], count: 0 }),
    'quoteManagement/getQuoteDocuments': () => ok({ documents: [] }),
    'statusTypesMgmt/getStatusTypes': () => ok({ rows: [], count: 0 }),
    'quoteManagement/getRMAs': () => ok({ rows: isReturned ? [makeRma()] : [] }),
    'quoteManagement/createRMAs': (body) => {
      const answer: TMockAnswer = createRmas ? createRmas(body) : ok({ rows: [makeRma()] });
      if ((answer.status ?? 200) === 200) isReturned = true;
      return answer;
    },
  });
  renderWithApp(
    <Routes>
      <Route path="/Quote/:quoteId" element={<QuotePage />} />
    </Routes>,
    { route: `/Quote/${quote.id}`, session: makeSession({ user: makeUser({ roleLevel }) }) },
  );
  const bodies = (path: string) => requestBodies(fetchMock, path);
  return { bodies };
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create RMA for HNG-9' }));
  return screen.findByRole('dialog', { name: 'Create RMA' });
}

const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Create RMA' }));
const typeInto = (dialog: HTMLElement, name: string, value: string) =>
  fireEvent.change(within(dialog).getByRole(name === 'Quantity' ? 'spinbutton' : 'textbox', { name }), {
    target: { value },
  });

describe('Create RMA', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is offered on each line of an order, not on a quote', async () => {
    renderOrder({});
    expect(await screen.findByRole('button', { name: 'Create RMA for HNG-9' })).toBeTruthy();
    cleanup();
    renderOrder({ quote: makeQuote({ id: 9, type: 1, lines: [LINE] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote #9' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create RMA/ })).toBeNull();
  });

  it('checks on submit only: the reason is required, word for word, and nothing is sent', async () => {
    const { bodies } = renderOrder({});
    const dialog = await openDialog();
    expect(within(dialog).queryByText(MSG.rmaReasonRequired)).toBeNull();
    submit(dialog);
    expect(await within(dialog).findByText('Please state a reason for this RMA')).toBeTruthy();
    expect(bodies('quoteManagement/createRMAs')).toEqual([]);
  });

  it('the quantity is at most the line’s and at least 1', async () => {
    const { bodies } = renderOrder({});
    const dialog = await openDialog();
    expect((within(dialog).getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('1');
    typeInto(dialog, 'Reason', 'Arrived bent');
    typeInto(dialog, 'Quantity', '4');
    submit(dialog);
    expect(await within(dialog).findByText('Quantity can be no greater than 3')).toBeTruthy();
    typeInto(dialog, 'Quantity', '0');
    submit(dialog);
    expect(await within(dialog).findByText(MSG.quantityMin)).toBeTruthy();
    expect(within(dialog).queryByText('Quantity can be no greater than 3')).toBeNull();
    expect(bodies('quoteManagement/createRMAs')).toEqual([]);
  });

  it('sends the line once, says RMA Created!, closes and marks the line', async () => {
    const { bodies } = renderOrder({});
    const dialog = await openDialog();
    typeInto(dialog, 'Reason', '  Arrived bent  ');
    typeInto(dialog, 'Quantity', '2');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Enable RMA dispositions' }));
    submit(dialog);
    submit(dialog);
    expect(await screen.findByText(MSG.rmaCreated, undefined, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies('quoteManagement/createRMAs')).toEqual([
      {
        data: { quoteId: 8, lines: [{ lineId: 21, reason: 'Arrived bent', quantity: 2, enableRmaDispositions: true }] },
      },
    ]);
    // The order was read again: the line now shows its RMA instead of the button, and the Returns section lists it.
    expect(await screen.findByRole('table', { name: 'Returns' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create RMA for HNG-9' })).toBeNull();
    expect(screen.getByLabelText('RMA00008: Sending to ERP')).toBeTruthy();
  });

  it('the button waits while the RMA is sent', async () => {
    renderOrder({});
    const dialog = await openDialog();
    let release: () => void = () => undefined;
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('createRMAs')) await new Promise<void>((resolve) => (release = resolve));
      return answer(input, init);
    });
    typeInto(dialog, 'Reason', 'Arrived bent');
    submit(dialog);
    const button = within(dialog).getByRole('button', { name: /Create RMA/ }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText(MSG.rmaCreated, undefined, { timeout: 4000 })).toBeTruthy();
  });

  it('a field error of the server shows under its field; another error says what to do next', async () => {
    renderOrder({
      createRmas: () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION',
          error: 'Check the highlighted fields.',
          details: [{ path: 'data.lines.0.quantity', message: 'Quantity can be no greater than 2' }],
        },
      }),
    });
    let dialog = await openDialog();
    typeInto(dialog, 'Reason', 'Arrived bent');
    submit(dialog);
    expect(await within(dialog).findByText('Quantity can be no greater than 2')).toBeTruthy();
    cleanup();

    const message = 'That line is not on this order. Reload the order and try again.';
    renderOrder({ createRmas: () => ({ status: 404, body: { success: false, code: 'NOT_FOUND', error: message } }) });
    dialog = await openDialog();
    typeInto(dialog, 'Reason', 'Arrived bent');
    submit(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog', { name: 'Create RMA' })).toBeTruthy();
  });
});
