import { MSG, type TQuote } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { QuotePage } from '../pages/quote-page';
import { makeLine, makeQuote } from '../quote-fixtures.test-support';
import { SummaryLines } from './summary-blocks';

const ok = (result: unknown) => ({ body: { success: true, result } });

function renderLines(quote: TQuote, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'quoteManagement/getQuote': () => ok(quote),
    'quoteManagement/getCommunications': () => ok({ rows: [], count: 0 }),
    ...handlers,
  });
  renderWithApp(
    <Routes>
      <Route path="/Quote/:quoteId" element={<QuotePage />} />
    </Routes>,
    { route: '/Quote/8', session: makeSession({ user: makeUser() }) },
  );
  return fetchMock;
}

describe('optional lines', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('the Optional switch marks a line optional at the line’s version; the line then shows it', async () => {
    const quote = makeQuote({ lines: [makeLine({ version: 4 })] });
    const saved = { ...quote, version: 4, lines: [makeLine({ version: 5, optional: true })] };
    const fetchMock = renderLines(quote, { 'quoteManagement/setLineOptional': () => ok(saved) });
    const toggle = (await screen.findByRole('switch', { name: 'Optional: HNG-9' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(requestBodies(fetchMock, 'quoteManagement/setLineOptional')).toEqual([
      { id: 8, lineId: 1, version: 4, optional: true },
    ]);
    expect(screen.getAllByText('Optional').length).toBeGreaterThan(1);
  });

  it('a line changed elsewhere answers 409 and the reload message shows, the switch unchanged', async () => {
    renderLines(makeQuote(), {
      'quoteManagement/setLineOptional': () => ({
        status: 409,
        body: { success: false, code: 'CONFLICT', error: MSG.conflict },
      }),
    });
    const toggle = (await screen.findByRole('switch', { name: 'Optional: HNG-9' })) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await screen.findByText(MSG.conflict)).toBeTruthy();
    expect(toggle.checked).toBe(false);
  });

  it('a line the customer left out says so', async () => {
    renderLines(makeQuote({ lines: [makeLine({ optional: true, selected: false })] }));
    expect(await screen.findByText('Not included')).toBeTruthy();
  });

  it('the Summary’s printable lines say which are optional and which the customer left out', () => {
    mockApi({});
    renderWithApp(
      <SummaryLines
        lines={[
          makeLine({ id: 1 }),
          makeLine({ id: 2, partNumber: 'OPT-IN', optional: true, selected: true }),
          makeLine({ id: 3, partNumber: 'OPT-OUT', optional: true, selected: false }),
        ]}
      />,
    );
    const row = (part: string) => screen.getByText(part).closest('tr') as HTMLElement;
    expect(row('HNG-9').textContent).not.toMatch(/Optional|Not included/);
    expect(row('OPT-IN').textContent).toContain('Optional');
    expect(row('OPT-OUT').textContent).toContain('Not included');
  });

  it('quote requests have no Optional switch (only quotes are shared)', async () => {
    renderLines(makeQuote({ type: 3 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Request #8' })).toBeTruthy();
    expect(screen.getByText('HNG-9')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Optional: HNG-9' })).toBeNull();
  });
});
