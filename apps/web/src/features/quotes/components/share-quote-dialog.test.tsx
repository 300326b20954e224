import { PORTAL_MSG, SHARE_DEFAULT_DAYS } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { QuotePage } from '../pages/quote-page';
import { makeQuote, makeShare } from '../quote-fixtures.test-support';
import { expiryOf, toDateInput } from './share-expiry';
import { ShareQuoteDialog } from './share-quote-dialog';

const ok = (result: unknown) => ({ body: { success: true, result } });

const SHARE = makeShare();

const QUOTE = makeQuote({
  currentPrintedDocument: 'quotes/8/quote-1.pdf',
  contact: {
    id: null,
    firstName: 'Jane',
    lastName: 'Buyer',
    email: 'jane@buyer.example',
    phone: null,
    altPhone: null,
    companyName: null,
  },
});

function renderDialog(quote = QUOTE, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi(handlers);
  const onClose = vi.fn();
  renderWithApp(<ShareQuoteDialog quote={quote} open onClose={onClose} />);
  return { fetchMock, onClose };
}

describe('the Share dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts from the contact’s address and a link for SHARE_DEFAULT_DAYS, and shows the link once with Copy', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const url = 'https://cpq.example/q/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    const { fetchMock } = renderDialog(QUOTE, { 'quoteManagement/shareQuote': () => ok({ share: SHARE, url }) });
    const email = screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement;
    expect(email.value).toBe('jane@buyer.example');
    const expiry = screen.getByLabelText(/Link works until/) as HTMLInputElement;
    const expected = toDateInput(new Date(Date.now() + SHARE_DEFAULT_DAYS * 24 * 3600 * 1000));
    expect(expiry.value).toBe(expected);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Sent to jane@buyer.example')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).toBe(url);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    const expiresAt = expiryOf(expected);
    expect(requestBodies(fetchMock, 'quoteManagement/shareQuote')).toEqual([
      { id: 8, version: 3, email: 'jane@buyer.example', expiresAt: 'iso' in expiresAt ? expiresAt.iso : null },
    ]);
  });

  it('checks the address and the date before sending', async () => {
    const { fetchMock } = renderDialog(QUOTE);
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'not-an-address' } });
    fireEvent.change(screen.getByLabelText(/Link works until/), {
      target: { value: toDateInput(new Date(Date.now() + 400 * 24 * 3600 * 1000)) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('A link can work for at most 365 days. Choose an earlier date.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('aria-invalid')).toBe('true');
    expect(requestBodies(fetchMock, 'quoteManagement/shareQuote')).toEqual([]);
  });

  it('shows the server’s refusal in the dialog, with the way forward for a quote never printed', async () => {
    const message = PORTAL_MSG.printFirst;
    renderDialog(
      { ...QUOTE, currentPrintedDocument: null },
      {
        'quoteManagement/shareQuote': () => ({
          status: 400,
          body: { success: false, code: 'BAD_REQUEST', error: message },
        }),
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const alert = await screen.findByText(/Create the quote document first/);
    expect(alert.textContent).toContain('use Create Quote to print the quote, then share it again');
    expect(screen.getByRole('dialog', { name: 'Share Quote #8' })).toBeTruthy();
  });
});

describe('the Share button', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderQuote(quote: ReturnType<typeof makeQuote>, user = makeUser()) {
    mockApi({
      'quoteManagement/getQuote': () => ok(quote),
      'quoteManagement/getCommunications': () => ok({ rows: [], count: 0 }),
    });
    renderWithApp(
      <Routes>
        <Route path="/Quote/:quoteId" element={<QuotePage />} />
      </Routes>,
      { route: '/Quote/8', session: makeSession({ user }) },
    );
  }

  it('is on quotes the user may change, and opens the dialog', async () => {
    renderQuote(QUOTE);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('dialog', { name: 'Share Quote #8' })).toBeTruthy();
  });

  it('is not on quote requests, nor on another user’s quote', async () => {
    renderQuote(makeQuote({ type: 3 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Request #8' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    cleanup();
    renderQuote(QUOTE, makeUser({ id: 99 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote #8' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
