import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { formatDateTime } from '../../../ui/relative-time';
import { makeQuote, makeShare } from '../quote-fixtures.test-support';
import { QuoteShares } from './quote-shares';
import { browserName } from './share-status';

const ok = (result: unknown) => ({ body: { success: true, result } });

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const OPENED = makeShare({
  id: 6,
  email: 'jane@buyer.example',
  createdAt: '2026-12-02T10:00:00.000Z',
  openCount: 3,
  lastOpenedAt: '2026-12-03T08:00:00.000Z',
  openings: [
    { at: '2026-12-03T08:00:00.000Z', ip: '203.0.113.9', userAgent: ANDROID },
    { at: '2026-12-02T12:00:00.000Z', ip: null, userAgent: null },
  ],
});
const ROWS = [
  OPENED,
  makeShare({ id: 4, email: 'old@buyer.example', status: 'superseded' }),
  makeShare({ id: 3, email: 'gone@buyer.example', status: 'revoked', revokedAt: '2026-12-01T11:00:00.000Z' }),
  makeShare({ id: 2, email: 'late@buyer.example', status: 'expired' }),
  makeShare({ id: 1, email: 'done@buyer.example', status: 'accepted' }),
];

/** The list under a quote whose version moves on with a click (a change elsewhere, read again). */
function Harness() {
  const [version, setVersion] = useState(3);
  return (
    <>
      <button type="button" onClick={() => setVersion(4)}>
        Change the quote
      </button>
      <QuoteShares quote={makeQuote({ version })} />
    </>
  );
}

const rowOf = (email: string) => screen.getByText(email).closest('li') as HTMLElement;

describe('the shared links', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each link with its status, who shared it, and how often it was opened', async () => {
    mockApi({ 'quoteManagement/getQuoteShares': () => ok({ rows: ROWS }) });
    renderWithApp(<QuoteShares quote={makeQuote()} />);
    await screen.findByText('jane@buyer.example');
    const badges = ['jane', 'old', 'gone', 'late', 'done'].map(
      (name) => within(rowOf(`${name}@buyer.example`)).getByLabelText(/^Status: /).textContent,
    );
    expect(badges).toEqual(['Active', 'Superseded', 'Revoked', 'Expired', 'Accepted']);
    const opened = rowOf('jane@buyer.example');
    expect(opened.textContent).toContain('shared by ada@example.com');
    expect(opened.textContent).toContain('Opened 3 times, last');
    // The relative time names the exact moment on hover.
    const last = within(opened).getAllByText((_text, element) => element?.tagName === 'TIME');
    expect(last.some((time) => time.getAttribute('title') === formatDateTime('2026-12-03T08:00:00.000Z'))).toBe(true);
    expect(rowOf('old@buyer.example').textContent).toContain('Not opened yet');
    // Only an active link can be revoked.
    expect(within(opened).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    expect(within(rowOf('gone@buyer.example')).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('expands a link’s openings: time, address and browser', async () => {
    mockApi({ 'quoteManagement/getQuoteShares': () => ok({ rows: [OPENED] }) });
    renderWithApp(<QuoteShares quote={makeQuote()} />);
    const toggle = await screen.findByRole('button', { name: 'Openings' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const list = await screen.findByRole('list', { name: 'Openings of the link to jane@buyer.example' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      `${formatDateTime('2026-12-03T08:00:00.000Z')} · 203.0.113.9 · Chrome on Android`,
      `${formatDateTime('2026-12-02T12:00:00.000Z')} · Unknown address · Unknown browser`,
    ]);
  });

  it('revokes after a question, and shows the link revoked', async () => {
    let share = OPENED;
    const fetchMock = mockApi({
      'quoteManagement/getQuoteShares': () => ok({ rows: [share] }),
      'quoteManagement/revokeQuoteShare': () => {
        share = { ...OPENED, status: 'revoked', revokedAt: '2026-12-04T09:00:00.000Z' };
        return ok(share);
      },
    });
    renderWithApp(<QuoteShares quote={makeQuote()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the link' });
    expect(requestBodies(fetchMock, 'quoteManagement/revokeQuoteShare')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'quoteManagement/revokeQuoteShare')).toEqual([{ id: 6 }]));
    await waitFor(() =>
      expect(within(rowOf('jane@buyer.example')).getByLabelText(/^Status: /).textContent).toBe('Revoked'),
    );
  });

  it('is read again when the quote changes (a new version)', async () => {
    const fetchMock = mockApi({ 'quoteManagement/getQuoteShares': () => ok({ rows: [OPENED] }) });
    renderWithApp(<Harness />);
    await screen.findByText('jane@buyer.example');
    expect(requestBodies(fetchMock, 'quoteManagement/getQuoteShares')).toEqual([{ id: 8 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Change the quote' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'quoteManagement/getQuoteShares')).toHaveLength(2));
  });

  it('names browsers as people say them', () => {
    expect(browserName(ANDROID)).toBe('Chrome on Android');
    expect(browserName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Windows',
    );
    expect(browserName(null)).toBe('Unknown browser');
  });
});
