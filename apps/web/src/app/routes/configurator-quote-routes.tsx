import { lazy } from 'react';
import { Route } from 'react-router';

// One chunk per page, as in lazy-pages.ts.
const MyConfigurationsPage = lazy(() =>
  import('../../features/my-configurations/pages/my-configurations-page').then((m) => ({
    default: m.MyConfigurationsPage,
  })),
);
const QuotePage = lazy(() => import('../../features/quotes/pages/quote-page').then((m) => ({ default: m.QuotePage })));

/**
 * My Configurations and the quote detail. Both need a user: the session guard sends visitors to /Login (My
 * Configurations is public in the spec's table, like My Profile, but lists nothing without a user).
 */
export const configuratorQuoteRoutes = [
  <Route key="MyConfigurations" path="MyConfigurations" element={<MyConfigurationsPage />} />,
  <Route key="Quote/:quoteId" path="Quote/:quoteId" element={<QuotePage />} />,
];
