import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSession, makeUser, renderWithApp } from '../../../test/render';
import { ThankYouPage } from './thank-you-page';
import { orderIdFrom } from './thank-you-state';

function renderPage() {
  renderWithApp(
    <Routes>
      <Route path="/ThankYou" element={<ThankYouPage />} />
    </Routes>,
    { route: '/ThankYou', session: makeSession({ user: makeUser() }) },
  );
}

describe('ThankYouPage', () => {
  afterEach(cleanup);

  it('thanks the buyer, says the confirmation was mailed, and goes back to the quotes', () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Thank you! Your order was completed successfully.' }),
    ).toBeTruthy();
    expect(
      screen.getByText('An e-mail confirmation with the order details was sent to the address provided.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Quotes' }).getAttribute('href')).toBe('/QuoteDashboard');
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/Orders/ada%40example.com');
    // After a reload the router state is gone: no number, and nothing broken.
    expect(screen.queryByTestId('order-number')).toBeNull();
  });

  it('reads the order number from the router state only when it is one', () => {
    expect(orderIdFrom({ orderId: 12 })).toBe(12);
    expect(orderIdFrom({ orderId: '12' })).toBeNull();
    expect(orderIdFrom(null)).toBeNull();
  });
});
