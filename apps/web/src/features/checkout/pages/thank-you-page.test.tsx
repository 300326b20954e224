import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSession, makeUser, renderWithApp } from '../../../test/render';
import { ThankYouPage } from './thank-you-page';
import { orderIdFrom } from './thank-you-state';

const THANKS = 'Thank you! Your order was completed successfully.';

/** /ThankYou as checkout opens it (with the order in the router state), or typed into the address bar (without). */
function renderPage(state?: unknown) {
  renderWithApp(
    <Routes>
      <Route path="/ThankYou" element={<ThankYouPage />} />
    </Routes>,
    {
      route: state === undefined ? '/ThankYou' : { pathname: '/ThankYou', state },
      session: makeSession({ user: makeUser() }),
    },
  );
}

describe('ThankYouPage', () => {
  afterEach(cleanup);

  it('after checkout: thanks the buyer with the order number, says the confirmation was mailed, and goes back to the quotes', () => {
    renderPage({ orderId: 12 });
    expect(screen.getByRole('heading', { level: 1, name: THANKS })).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('#12');
    expect(
      screen.getByText('An e-mail confirmation with the order details was sent to the address provided.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Order' }).getAttribute('href')).toBe('/Quote/12');
    expect(screen.getByRole('link', { name: 'Back to Quotes' }).getAttribute('href')).toBe('/QuoteDashboard');
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/Orders/ada%40example.com');
  });

  it('opened directly, with no order just placed: claims nothing, says so and offers Back to Quotes and Orders', () => {
    renderPage();
    expect(screen.queryByRole('heading', { name: THANKS })).toBeNull();
    expect(screen.queryByText(/e-mail confirmation/)).toBeNull();
    expect(screen.queryByTestId('order-number')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'No recent order' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Quotes' }).getAttribute('href')).toBe('/QuoteDashboard');
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/Orders/ada%40example.com');
  });

  it('reads the order number from the router state only when it is one', () => {
    expect(orderIdFrom({ orderId: 12 })).toBe(12);
    expect(orderIdFrom({ orderId: '12' })).toBeNull();
    expect(orderIdFrom({ orderId: 0 })).toBeNull();
    expect(orderIdFrom(null)).toBeNull();
  });
});
