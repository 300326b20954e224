import type { TJob } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { JobsPage } from './jobs-page';

const ok = (result: unknown) => ({ body: { success: true, result } });

const makeJob = (overrides: Partial<TJob>): TJob => ({
  id: 1,
  pid: 'default',
  queue: 'erp.createRmaLine',
  key: 'erp.createRmaLine:1',
  subject: 'RMA00008 line 21',
  status: 'done',
  attempts: 1,
  maxAttempts: 8,
  runAt: '2026-03-05T10:00:00.000Z',
  lastError: null,
  createdAt: '2026-03-05T10:00:00.000Z',
  updatedAt: '2026-03-05T10:00:00.000Z',
  doneAt: '2026-03-05T10:00:01.000Z',
  ...overrides,
});

const DEAD = makeJob({
  id: 3,
  queue: 'erp.submitOrder',
  subject: 'Order #12',
  status: 'dead',
  attempts: 8,
  lastError: 'The ERP refused the order: customer C-100 does not exist in site MAIN. Fix the customer, then retry.',
});
const RUNNING = makeJob({ id: 2, queue: 'crm.syncQuote', subject: 'Quote #7', status: 'running', attempts: 2 });
const DONE = makeJob({ id: 1 });

type TAnswer = { status?: number; body: unknown };

function renderJobs(rows: TJob[], retry: () => TAnswer = () => ok({ ...DEAD, status: 'pending', attempts: 0 })) {
  const fetchMock = mockApi({
    'administration/getJobs': (body) => {
      const status = (body as { status?: string }).status;
      const shown = status ? rows.filter((job) => job.status === status) : rows;
      return ok({ rows: shown, count: shown.length });
    },
    'administration/retryJob': retry,
  });
  renderWithApp(<JobsPage />, { route: '/Jobs', session: makeSession({ user: makeUser({ roleLevel: 5 }) }) });
  return { bodies: (path: string) => requestBodies(fetchMock, path) };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('Integration Jobs', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists #, Job, Subject, Status, Attempts, Last error and Updated, as the server orders them', async () => {
    const { bodies } = renderJobs([DEAD, RUNNING, DONE]);
    expect(await screen.findByText('Order #12')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Job',
      'Subject',
      'Status',
      'Attempts',
      'Last error',
      'Updated',
      'Actions',
    ]);
    const cells = within(rowOf('Order #12'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual(['3', 'Send order to ERP', 'Order #12', 'Failed', '8 / 8', DEAD.lastError]);
    expect(cells[6]).toMatch(/^03\/05\/2026 \d{1,2}:\d{2} [AP]M$/);
    expect(within(rowOf('Quote #7')).getByText('Running')).toBeTruthy();
    // No status filter and no order of its own: the server's newest first.
    expect(bodies('administration/getJobs')[0]).toEqual({ limit: 12, offset: 0 });
  });

  it('offers Retry on failed jobs only; it runs the job again and reads the list again', async () => {
    const { bodies } = renderJobs([DEAD, RUNNING, DONE]);
    await screen.findByText('Order #12');
    expect(
      screen.getAllByRole('button', { name: /^Retry job/ }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Retry job 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Retry job 3' }));
    expect(await screen.findByText('Job #3 will run again now.')).toBeTruthy();
    expect(bodies('administration/retryJob')).toEqual([{ id: 3 }]);
    await waitFor(() => expect(bodies('administration/getJobs').length).toBeGreaterThan(1));
  });

  it('a refused retry says why', async () => {
    renderJobs([DEAD], () => ({
      status: 409,
      body: {
        success: false,
        code: 'CONFLICT',
        error: 'Only a failed job can be retried; this one is waiting, running or done.',
      },
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Retry job 3' }));
    expect(
      await screen.findByText('Only a failed job can be retried; this one is waiting, running or done.'),
    ).toBeTruthy();
  });

  it('the last error is cut to a line and opens in place', async () => {
    renderJobs([DEAD]);
    const error = await screen.findByRole('button', { name: DEAD.lastError ?? '' });
    expect(error.getAttribute('title')).toBe(DEAD.lastError);
    expect(error.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(error);
    expect(error.getAttribute('aria-expanded')).toBe('true');
  });

  it('filters by status, and says what the screen is for when there is nothing', async () => {
    const { bodies } = renderJobs([DEAD, RUNNING]);
    await screen.findByText('Order #12');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Status' }, { timeout: 10_000 }));
    fireEvent.click(await screen.findByRole('option', { name: 'Done' }));
    expect(await screen.findByText('No done jobs')).toBeTruthy();
    expect(bodies('administration/getJobs').at(-1)).toEqual({ limit: 12, offset: 0, status: 'done' });
    cleanup();
    renderJobs([]);
    expect(await screen.findByText('No integration jobs yet')).toBeTruthy();
    expect(screen.getByText(/Every call to the ERP or the CRM/)).toBeTruthy();
  });
});
