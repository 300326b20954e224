import { ACCEPT_MSG, PORTAL_CONSENT_TEXT, type TPortalQuote } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp, requestBodies, type TMockAnswer } from '../../../test/render';
import { CHECKOUT_MESSAGES } from '../../checkout/logic/checkout-errors';
import { CHANGED_WHILE_READING } from '../logic/accept-errors';
import { SIGN_FIRST } from '../logic/accept-form.schema';
import { QuotePortalPage } from '../pages/quote-portal-page';
import { ACCEPTANCE, makePortalQuote, TOKEN } from '../portal-fixtures.test-support';

const ok = (result: unknown): TMockAnswer => ({ body: { success: true, result } });
const fail = (status: number, code: string, error: string): TMockAnswer => ({
  status,
  body: { success: false, code, error },
});

function renderPortal(quote: TPortalQuote, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'quotePortal/getQuote': () => ok(quote), ...handlers });
  renderWithApp(
    <Routes>
      <Route path="/q/:token" element={<QuotePortalPage />} />
    </Routes>,
    { route: `/q/${TOKEN}` },
  );
  return fetchMock;
}

async function fillSigner() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Full name' }), { target: { value: 'Jane Buyer' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Purchasing manager' } });
  // The keyboard's way to sign: Type starts from the full name.
  fireEvent.click(screen.getByRole('tab', { name: 'Type' }));
  fireEvent.click(screen.getByRole('checkbox', { name: PORTAL_CONSENT_TEXT }));
}

/** The checkout's test card form: a card number, any future expiry, CVC and ZIP. */
function fillCard(number: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Card Number' }), { target: { value: number } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Expiry' }), { target: { value: '1239' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'CVC' }), { target: { value: '123' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Card ZIP' }), { target: { value: '78701' } });
}

describe('accepting the shared quote', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what is missing and sends nothing until name, title, signature, consent and PO number are there', async () => {
    const fetchMock = renderPortal(makePortalQuote());
    fireEvent.click(await screen.findByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText('Enter your name.')).toBeTruthy();
    expect(screen.getByText('Enter your title.')).toBeTruthy();
    expect(screen.getByText(SIGN_FIRST)).toBeTruthy();
    expect(screen.getByText('Tick the box to agree to the terms.')).toBeTruthy();
    expect(screen.getByText('Enter the purchase-order number.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Type' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText('Enter your signature.')).toBeTruthy();
    expect(requestBodies(fetchMock, 'quotePortal/accept')).toEqual([]);
  });

  it('accepts with a typed signature and a PO number at the view read, then shows the order', async () => {
    const fetchMock = renderPortal(makePortalQuote(), {
      'quotePortal/accept': () => ok({ status: 'accepted', acceptance: ACCEPTANCE }),
    });
    await fillSigner();
    expect((screen.getByRole('textbox', { name: 'Type your signature' }) as HTMLInputElement).value).toBe('Jane Buyer');
    fireEvent.change(screen.getByRole('textbox', { name: 'Purchase-order number' }), { target: { value: 'PO-778' } });
    const button = screen.getByRole('button', { name: 'Accept quote' });
    fireEvent.click(button);
    const heading = await screen.findByRole('heading', { name: 'Accepted. Order #42' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole('heading', { name: 'Accept this quote' })).toBeNull();
    expect(requestBodies(fetchMock, 'quotePortal/accept')).toEqual([
      {
        token: TOKEN,
        viewHash: 'a'.repeat(64),
        signerName: 'Jane Buyer',
        signerTitle: 'Purchasing manager',
        signature: { kind: 'typed', text: 'Jane Buyer' },
        consent: true,
        payment: { method: 'po', poNumber: 'PO-778' },
      },
    ]);
  });

  it('a quote changed while it was read is read again, and the customer is told to check it', async () => {
    const fetchMock = renderPortal(makePortalQuote(), {
      'quotePortal/accept': () => fail(409, 'CONFLICT', ACCEPT_MSG.viewChanged),
    });
    await fillSigner();
    fireEvent.change(screen.getByRole('textbox', { name: 'Purchase-order number' }), { target: { value: 'PO-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText(CHANGED_WHILE_READING)).toBeTruthy();
    await waitFor(() => expect(requestBodies(fetchMock, 'quotePortal/getQuote')).toHaveLength(2));
    // What the customer typed is still there to accept again.
    expect((screen.getByRole('textbox', { name: 'Full name' }) as HTMLInputElement).value).toBe('Jane Buyer');
  });

  it('a quote that expired meanwhile says so in the server’s words', async () => {
    const expired = ACCEPT_MSG.expired('12/31/2026', 'Ada Lovelace');
    renderPortal(makePortalQuote(), { 'quotePortal/accept': () => fail(409, 'CONFLICT', expired) });
    await fillSigner();
    fireEvent.change(screen.getByRole('textbox', { name: 'Purchase-order number' }), { target: { value: 'PO-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText(expired)).toBeTruthy();
    expect(screen.queryByText(CHANGED_WHILE_READING)).toBeNull();
  });

  it('pays by card with the checkout’s form: the server’s total in cents and the test card’s method', async () => {
    const quote = makePortalQuote({ payment: { method: 'card', card: { provider: 'test', publishableKey: null } } });
    const fetchMock = renderPortal(quote, {
      'quotePortal/accept': () =>
        ok({ status: 'accepted', acceptance: { ...ACCEPTANCE, paidBy: 'card', poNumber: null } }),
    });
    await fillSigner();
    expect(screen.queryByRole('textbox', { name: 'Purchase-order number' })).toBeNull();
    fillCard('4242424242424242');
    fireEvent.click(screen.getByRole('button', { name: 'Accept and pay $3,450.00' }));
    expect(await screen.findByRole('heading', { name: 'Accepted. Order #42' })).toBeTruthy();
    expect(screen.getByText('Paid by card')).toBeTruthy();
    const [body] = requestBodies(fetchMock, 'quotePortal/accept') as Record<string, unknown>[];
    expect(body?.payment).toEqual({ method: 'card', amount: 345000, paymentMethodId: 'pm_card_visa' });
    expect(JSON.stringify(body)).not.toContain('4242');
  });

  it('a card the bank wants confirmed, with a form that cannot confirm it, is not accepted and says so', async () => {
    const quote = makePortalQuote({ payment: { method: 'card', card: { provider: 'test', publishableKey: null } } });
    const fetchMock = renderPortal(quote, {
      'quotePortal/accept': () => ok({ status: 'requires_action', clientSecret: 'pi_1_secret_2' }),
    });
    await fillSigner();
    fillCard('4242424242424242');
    fireEvent.click(screen.getByRole('button', { name: 'Accept and pay $3,450.00' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.notConfirmed)).toBeTruthy();
    expect(requestBodies(fetchMock, 'quotePortal/accept')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: /^Accepted/ })).toBeNull();
  });

  it('a declined card says so and what to do; nothing is accepted', async () => {
    const quote = makePortalQuote({ payment: { method: 'card', card: { provider: 'test', publishableKey: null } } });
    renderPortal(quote, {
      'quotePortal/accept': () => fail(402, 'PAYMENT_DECLINED', 'Your card was declined.'),
    });
    await fillSigner();
    fillCard('4000000000000002');
    fireEvent.click(screen.getByRole('button', { name: 'Accept and pay $3,450.00' }));
    expect(await screen.findByText('Your card was declined. Use another card or contact your bank.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Accept this quote' })).toBeTruthy();
  });
});
