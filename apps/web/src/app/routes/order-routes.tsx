import { lazy } from 'react';
import { Route } from 'react-router';

// One chunk per page, as in lazy-pages.ts.
const OrdersPage = lazy(() =>
  import('../../features/orders/pages/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const ThankYouPage = lazy(() =>
  import('../../features/checkout/pages/thank-you-page').then((m) => ({ default: m.ThankYouPage })),
);

/**
 * /Orders/{username or pid} and /ThankYou: both need a user (the session guard sends visitors to /Login); the
 * orders page itself keeps a platform's list to administrators, and the server checks every list it answers.
 */
export const orderRoutes = [
  <Route key="Orders/:key" path="Orders/:key" element={<OrdersPage />} />,
  <Route key="ThankYou" path="ThankYou" element={<ThankYouPage />} />,
];
