import { MSG, type TPortalQuote } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp, requestBodies, type TMockAnswer } from '../../../test/render';
import { ACCEPTANCE, makePortalLine, makePortalQuote, TOKEN } from '../portal-fixtures.test-support';
import { QuotePortalPage } from './quote-portal-page';

const ok = (result: unknown): TMockAnswer => ({ body: { success: true, result } });
const UNAVAILABLE: TMockAnswer = {
  status: 404,
  body: { success: false, error: 'This link does not open a quote.', code: 'NOT_FOUND' },
};

function renderPortal(handlers: Parameters<typeof mockApi>[0], token = TOKEN) {
  const fetchMock = mockApi(handlers);
  renderWithApp(
    <Routes>
      <Route path="/q/:token" element={<QuotePortalPage />} />
    </Routes>,
    { route: `/q/${token}` },
  );
  return fetchMock;
}

describe('the quote link page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the quote as the PDF does: company, number and revision, who prepared it, lines, total and terms', async () => {
    const fetchMock = renderPortal({ 'quotePortal/getQuote': () => ok(makePortalQuote()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote #42' })).toBeTruthy();
    expect(screen.getAllByText('Acme Doors Ltd').length).toBeGreaterThan(0);
    expect(screen.getByText('Revision 2')).toBeTruthy();
    expect(screen.getByText('Warehouse doors')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('mailto:ada@example.com');
    expect(screen.getByText('12/31/2026')).toBeTruthy();
    const lines = within(screen.getByRole('list', { name: 'Lines' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0] as HTMLElement).getByText('$3,000.00')).toBeTruthy();
    expect(within(lines[0] as HTMLElement).getByText('Signal red')).toBeTruthy();
    expect(screen.getByTestId('portal-total').textContent).toBe('$3,450.00');
    expect(screen.getByRole('heading', { name: 'Terms' })).toBeTruthy();
    expect(screen.getByText('Net 30')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Include line 2' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Include line 1' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Accept this quote' })).toBeTruthy();
    expect(requestBodies(fetchMock, 'quotePortal/getQuote')).toEqual([{ token: TOKEN }]);
  });

  it('a link the server does not know shows the calm page, and never another quote', async () => {
    renderPortal({ 'quotePortal/getQuote': () => UNAVAILABLE });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not open a quote' })).toBeTruthy();
    expect(screen.getByText(/Ask the person who sent it to you for a new link/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Lines' })).toBeNull();
  });

  it('a link cut short shows the same page without asking the server', async () => {
    const fetchMock = renderPortal({ 'quotePortal/getQuote': () => ok(makePortalQuote()) }, TOKEN.slice(0, 40));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not open a quote' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a superseded link offers the current quote and says where it was sent', async () => {
    const superseded = makePortalQuote({ status: 'superseded', view: null });
    const fetchMock = renderPortal({
      'quotePortal/getQuote': () => ok(superseded),
      'quotePortal/requestCurrent': () => ok({ sentTo: 'j***@example.com' }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This quote was updated after it was shared with you' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send me the current quote' }));
    expect(await screen.findByText(/We sent a new link to j\*\*\*@example\.com/)).toBeTruthy();
    expect(requestBodies(fetchMock, 'quotePortal/requestCurrent')).toEqual([{ token: TOKEN }]);
    expect(screen.queryByRole('button', { name: 'Send me the current quote' })).toBeNull();
  });

  it('an accepted link shows the confirmation and the quote, read-only', async () => {
    const accepted = makePortalQuote({ status: 'accepted', acceptance: ACCEPTANCE });
    renderPortal({ 'quotePortal/getQuote': () => ok(accepted) });
    expect(await screen.findByRole('heading', { name: 'Accepted. Order #42' })).toBeTruthy();
    expect(screen.getByText('Jane Buyer, Purchasing manager')).toBeTruthy();
    expect(screen.getByText('PO number PO-778')).toBeTruthy();
    expect(screen.getByText(/A signed copy of the quote was e-mailed to you/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Quote #42' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Include line/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Accept this quote' })).toBeNull();
  });

  it('leaving out an optional line shows the server’s total once it answers', async () => {
    const chosen = makePortalQuote();
    const view = chosen.view as NonNullable<TPortalQuote['view']>;
    const answer = {
      ...chosen,
      view: {
        ...view,
        lines: [view.lines[0], makePortalLine({ ...view.lines[1], selected: false })],
        total: '3000.00',
      },
    };
    let release: (value: TMockAnswer) => void = () => undefined;
    const fetchMock = renderPortal({
      'quotePortal/getQuote': () => ok(chosen),
      'quotePortal/chooseLines': () => new Promise<TMockAnswer>((resolve) => (release = resolve)),
    });
    const box = await screen.findByRole('checkbox', { name: 'Include line 2' });
    fireEvent.click(box);
    // Pending: the box shows the choice and waits; the total is still the server's last.
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(true));
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('portal-total').textContent).toBe('$3,450.00');
    release(ok(answer));
    await waitFor(() => expect(screen.getByTestId('portal-total').textContent).toBe('$3,000.00'));
    expect(requestBodies(fetchMock, 'quotePortal/chooseLines')).toEqual([
      { token: TOKEN, lines: [{ id: 12, selected: false }] },
    ]);
    expect(screen.getByText('Optional: not included')).toBeTruthy();
  });

  it('a choice the server refuses puts the box back and says why', async () => {
    renderPortal({
      'quotePortal/getQuote': () => ok(makePortalQuote()),
      'quotePortal/chooseLines': () => ({
        status: 429,
        body: { success: false, error: 'Too many changes. Wait a minute and try again.', code: 'RATE_LIMITED' },
      }),
    });
    const box = (await screen.findByRole('checkbox', { name: 'Include line 2' })) as HTMLInputElement;
    fireEvent.click(box);
    expect(await screen.findByText(/Too many changes\. Wait a minute and try again\./)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Line 2 is as it was');
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(false);
    expect(screen.getByTestId('portal-total').textContent).toBe('$3,450.00');
  });

  it('a comment that fails stays in the box; one that is saved joins the thread', async () => {
    const withComment = makePortalQuote();
    const view = withComment.view as NonNullable<TPortalQuote['view']>;
    let attempt = 0;
    renderPortal({
      'quotePortal/getQuote': () => ok(withComment),
      'quotePortal/addComment': () => {
        attempt += 1;
        if (attempt === 1) return { status: 502, body: { success: false, error: MSG.networkError, code: 'NETWORK' } };
        return ok({
          ...withComment,
          view: {
            ...view,
            comments: [
              ...view.comments,
              {
                author: 'Jane Buyer',
                comment: 'Can you do blue?',
                date: '2026-12-02T08:00:00.000Z',
                fromCustomer: true,
              },
            ],
          },
        });
      },
    });
    const box = (await screen.findByRole('textbox', { name: 'Your comment' })) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Can you do blue?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText(/Your comment is still in the box/)).toBeTruthy();
    expect(box.value).toBe('Can you do blue?');
    fireEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    const thread = await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(within(thread).getByText('Can you do blue?')).toBeTruthy());
    expect(box.value).toBe('');
  });
});
