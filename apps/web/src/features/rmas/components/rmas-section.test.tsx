import type { TQuote, TRma } from '@cpq/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { makeLine, makeQuote } from '../../quotes/quote-fixtures.test-support';
import { RMA_POLL_MS } from '../hooks/use-rmas';
import { makeRma } from '../rma-fixtures.test-support';
import { useOrderRmas } from './order-rmas';

const ok = (result: unknown) => ({ body: { success: true, result } });
const LINE = makeLine({ id: 21, partNumber: 'HNG-9', description: 'A sturdy hinge.', quantity: 3, rmaCreated: true });
const ORDER = makeQuote({ id: 8, type: 2, rmaCreated: true, lines: [LINE] });

function ReturnsProbe({ quote }: { quote: TQuote }) {
  const orderRmas = useOrderRmas(quote);
  return (
    <>
      <div data-testid="line-action">{orderRmas.renderLineAction(LINE)}</div>
      {orderRmas.section}
    </>
  );
}

/** Renders the RMAs of `quote`; getRMAs answers the next of `answers` each time (the last one from then on). */
function renderRmas(answers: TRma[][], { quote = ORDER, roleLevel = 1 } = {}) {
  let call = 0;
  const fetchMock = mockApi({
    'quoteManagement/getRMAs': () => ok({ rows: answers[Math.min(call++, answers.length - 1)] }),
  });
  renderWithApp(<ReturnsProbe quote={quote} />, { session: makeSession({ user: makeUser({ roleLevel }) }) });
  return { rmaCalls: () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('getRMAs')).length };
}

const flush = () => act(async () => vi.advanceTimersByTimeAsync(10));

describe('Returns section', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists each RMA: number, line, quantity, reason, dispositions, status and the ERP’s line and status', async () => {
    renderRmas([[makeRma({ status: 'submitted', erpLineNo: '3', erpStatus: 'Open' })]]);
    const table = await screen.findByRole('table', { name: 'Returns' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['RMA #', 'Line', 'Qty', 'Reason', 'Dispositions', 'Status', 'ERP']);
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'RMA00008',
      'HNG-9A sturdy hinge.',
      '2',
      'Arrived bent',
      'Yes',
      'Submitted',
      'Line 3 · Open',
    ]);
    expect(screen.getByRole('heading', { name: 'Returns' })).toBeTruthy();
    expect(within(screen.getByTestId('line-action')).getByLabelText('RMA00008: Submitted')).toBeTruthy();
  });

  it('is hidden while the order has no RMA, and asks for none', async () => {
    const { rmaCalls } = renderRmas([[]], {
      quote: { ...ORDER, rmaCreated: false, lines: [{ ...LINE, rmaCreated: false }] },
    });
    expect(screen.queryByRole('heading', { name: 'Returns' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(rmaCalls()).toBe(0);
  });

  it('reads again every 3 s while one is being sent, and stops once none is', async () => {
    vi.useFakeTimers();
    const { rmaCalls } = renderRmas([
      [makeRma({ status: 'submitting' })],
      [makeRma({ status: 'submitting' })],
      [makeRma({ status: 'submitted' })],
    ]);
    await flush();
    expect(screen.getByText('Sending to ERP')).toBeTruthy();
    expect(rmaCalls()).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(RMA_POLL_MS));
    expect(rmaCalls()).toBe(2);
    await act(async () => vi.advanceTimersByTimeAsync(RMA_POLL_MS));
    expect(rmaCalls()).toBe(3);
    await flush();
    expect(screen.getByText('Submitted')).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(RMA_POLL_MS * 3));
    expect(rmaCalls()).toBe(3);
  });

  it('an administrator reads why a failed RMA was not sent; a buyer sees only that it was not', async () => {
    const failed = makeRma({ status: 'failed', lastError: 'ERP answered 401: check the user name and password.' });
    renderRmas([[failed]], { roleLevel: 5 });
    expect(await screen.findByText('ERP answered 401: check the user name and password.')).toBeTruthy();
    cleanup();
    renderRmas([[failed]], { roleLevel: 1 });
    expect(await screen.findByRole('table', { name: 'Returns' })).toBeTruthy();
    expect(screen.getAllByText('Not sent').length).toBeGreaterThan(0);
    expect(screen.queryByText(/ERP answered 401/)).toBeNull();
  });
});
