import { MSG, msgApprovalRequired, type TAddress, type TQuote } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { makeQuote } from '../quote-fixtures.test-support';
import { CheckoutPanel } from './checkout-panel';

const ok = (result: unknown) => ({ body: { success: true, result } });
const fail = (status: number, code: string, error: string) => ({ status, body: { success: false, code, error } });

function ThankYouProbe() {
  const { state } = useLocation();
  return <p>Thank-you page for {JSON.stringify(state)}</p>;
}

function renderPanel(quote: TQuote, handlers: Parameters<typeof mockApi>[0], checkoutType: 'order' | 'stripe') {
  const fetchMock = mockApi(handlers);
  renderWithApp(
    <Routes>
      <Route path="/Quote/:id" element={<CheckoutPanel quote={quote} onReload={async () => quote} />} />
      <Route path="/ThankYou" element={<ThankYouProbe />} />
    </Routes>,
    { route: `/Quote/${quote.id}`, session: makeSession({ user: makeUser({ checkoutType }) }) },
  );
  const bodies = (path: string) =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith(path))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { bodies };
}

const order = (quote: TQuote) => ({ ...quote, type: 2, version: quote.version + 1 });

describe('CheckoutPanel: purchase order', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('Place Order sends the PO number typed and the version shown, once, then thanks the buyer', async () => {
    const quote = makeQuote({ poNumber: 'PO-1', version: 3 });
    const { bodies } = renderPanel(quote, { 'quoteManagement/placeOrder': () => ok(order(quote)) }, 'order');
    const field = screen.getByRole('textbox', { name: 'PO Number' }) as HTMLInputElement;
    expect(field.value).toBe('PO-1');
    fireEvent.change(field, { target: { value: 'PO-77' } });
    const button = screen.getByRole('button', { name: 'Place Order' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(`Thank-you page for {"orderId":${quote.id}}`)).toBeTruthy();
    expect(bodies('quoteManagement/placeOrder')).toEqual([{ id: quote.id, version: 3, poNumber: 'PO-77' }]);
  });

  it('needs a PO number, and says so without calling', async () => {
    const { bodies } = renderPanel(makeQuote(), {}, 'order');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Enter the purchase-order number.')).toBeTruthy();
    expect(bodies('quoteManagement/placeOrder')).toHaveLength(0);
  });

  it('a locked quote or one without lines says why and cannot be ordered', () => {
    renderPanel(makeQuote({ isLocked: true }), {}, 'order');
    expect(screen.getByText(MSG.quoteLocked)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderPanel(makeQuote({ lines: [], lineCount: 0 }), {}, 'order');
    expect(screen.getByText(MSG.addLine)).toBeTruthy();
  });

  it('a quote changed by someone else says so and offers Reload', async () => {
    renderPanel(
      makeQuote({ poNumber: 'PO-1' }),
      { 'quoteManagement/placeOrder': () => fail(409, 'CONFLICT', MSG.conflict) },
      'order',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(/This quote changed after you opened it/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});

const BILLING: TAddress = {
  version: 1,
  id: 8,
  Address: '500 Congress Ave',
  Address2: null,
  City: 'Austin',
  State: 'TX',
  Zip: '78701',
  Country: 'USA',
  CountryCode: 'US',
  AddressType: 1,
  customerId: null,
  sameAsShipping: true,
  pid: 'default',
};

/** A quote whose contact and billing address are all card checkout needs. */
const payable = (overrides: Partial<TQuote> = {}) =>
  makeQuote({
    firstName: 'Grace',
    lastName: 'Hopper',
    contact: {
      id: null,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@buyer.example',
      phone: null,
      altPhone: null,
      companyName: null,
    },
    billingAddress: BILLING,
    ...overrides,
  });

describe('CheckoutPanel: card', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const testGateway = () => ok({ provider: 'test', publishableKey: null });
  async function fillCard(number: string) {
    fireEvent.change(await screen.findByRole('textbox', { name: 'Card Number' }), { target: { value: number } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expiry' }), { target: { value: '1239' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'CVC' }), { target: { value: '123' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Card ZIP' }), { target: { value: '78701' } });
  }

  it('replaces the PO panel and pays the total in cents with the test card’s payment method', async () => {
    const quote = payable({ totalCost: '19.9900', version: 5 });
    const { bodies } = renderPanel(
      quote,
      {
        'paymentManagement/getPaymentConfig': testGateway,
        'paymentManagement/payment': () => ok({ status: 'succeeded', order: order(quote) }),
      },
      'stripe',
    );
    expect(screen.getByRole('heading', { name: 'Pay by Card' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'PO Number' })).toBeNull();
    await fillCard('4242424242424242');
    expect((screen.getByRole('textbox', { name: 'Card Number' }) as HTMLInputElement).value).toBe(
      '4242 4242 4242 4242',
    );
    expect((screen.getByRole('textbox', { name: 'Expiry' }) as HTMLInputElement).value).toBe('12 / 39');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.99' }));
    expect(
      await screen.findByText(`Thank-you page for {"orderId":${quote.id},"email":"grace@buyer.example"}`),
    ).toBeTruthy();
    // The contact was already on the quote: nothing to save first.
    expect(bodies('quoteManagement/updateQuote')).toEqual([]);
    const [body] = bodies('paymentManagement/payment');
    expect(body).toEqual({ amount: 1999, id: 'pm_card_visa', quoteId: quote.id, version: 5 });
    expect(JSON.stringify(bodies('paymentManagement/payment'))).not.toContain('4242');
  });

  it('refuses a number that is not a test card, naming one, without calling the server', async () => {
    const { bodies } = renderPanel(payable(), { 'paymentManagement/getPaymentConfig': testGateway }, 'stripe');
    await fillCard('4111111111111111');
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    expect(await screen.findByText('Use a test card, such as 4242 4242 4242 4242.')).toBeTruthy();
    expect(bodies('paymentManagement/payment')).toHaveLength(0);
  });

  it('a declined card shows the provider’s message and what to do; the quote stays a quote', async () => {
    renderPanel(
      payable(),
      {
        'paymentManagement/getPaymentConfig': testGateway,
        'paymentManagement/payment': () => fail(402, 'PAYMENT_DECLINED', 'Your card was declined.'),
      },
      'stripe',
    );
    await fillCard('4000000000000002');
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    expect(await screen.findByText('Your card was declined. Use another card or contact your bank.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /^Pay / }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('asks for the billing contact, prefilled from the signed-in user, and saves it on the quote before charging', {
    timeout: 20_000,
  }, async () => {
    const quote = makeQuote({ totalCost: '19.9900', version: 5 });
    const saved = payable({
      ...quote,
      version: 6,
      contact: { ...payable().contact!, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const { bodies } = renderPanel(
      quote,
      {
        'paymentManagement/getPaymentConfig': testGateway,
        'quoteManagement/updateQuote': () => ok(saved),
        'paymentManagement/payment': () => ok({ status: 'succeeded', order: order(saved) }),
      },
      'stripe',
    );
    const contact = await screen.findByRole('region', { name: 'Billing contact' });
    const field = (name: string) => within(contact).getByRole('textbox', { name }) as HTMLInputElement;
    expect([field('First Name').value, field('Last Name').value, field('Email Address').value]).toEqual([
      'Ada',
      'Lovelace',
      'ada@example.com',
    ]);
    await fillCard('4242424242424242');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.99' }));
    // No address yet: each missing field says so (Address, City, Zip), and nothing is saved or charged.
    expect(await within(contact).findAllByText(MSG.fieldRequired)).toHaveLength(3);
    expect(within(contact).getByText('Choose a state from the list.')).toBeTruthy();
    expect(within(contact).queryByText(MSG.zipFormat)).toBeNull();
    expect(bodies('quoteManagement/updateQuote')).toEqual([]);
    expect(bodies('paymentManagement/payment')).toEqual([]);

    fireEvent.change(field('Address'), { target: { value: '500 Congress Ave' } });
    fireEvent.change(field('City'), { target: { value: 'Austin' } });
    fireEvent.mouseDown(within(contact).getByRole('combobox', { name: /State/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Texas' }));
    fireEvent.change(field('Zip'), { target: { value: '78701-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.99' }));
    expect(await within(contact).findByText(MSG.zipFormat)).toBeTruthy();
    expect(bodies('paymentManagement/payment')).toEqual([]);

    fireEvent.change(field('Zip'), { target: { value: '78701' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.99' }));
    expect(
      await screen.findByText(`Thank-you page for {"orderId":${quote.id},"email":"ada@example.com"}`),
    ).toBeTruthy();
    expect(bodies('quoteManagement/updateQuote')).toEqual([
      {
        id: quote.id,
        version: 5,
        input: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          billingAddress: {
            Address: '500 Congress Ave',
            Address2: null,
            City: 'Austin',
            State: 'TX',
            Zip: '78701',
            sameAsShipping: false,
          },
        },
      },
    ]);
    // The charge goes against the version the contact's save answered.
    expect(bodies('paymentManagement/payment')).toEqual([
      { amount: 1999, id: 'pm_card_visa', quoteId: quote.id, version: 6 },
    ]);
  });
});

describe('CheckoutPanel: a quote waiting for approval', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the quote needs approval instead of offering Place Order', async () => {
    const quote = makeQuote();
    const approval = {
      quoteId: quote.id,
      state: 'submitted',
      steps: [{ step: 1, name: 'Director', rules: [], approvers: '', status: 'waiting', actions: [], hint: null }],
      submittedBy: null,
      submittedAt: null,
      withdrawnMessage: null,
      canDecide: false,
    };
    renderPanel(quote, { 'quoteManagement/getQuoteApproval': () => ok(approval) }, 'order');
    expect(await screen.findByText(msgApprovalRequired(['Director']))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });
});
