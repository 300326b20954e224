import { lazy } from 'react';
import { Route } from 'react-router';
import { ConfiguratorPage, QuotePage } from '../lazy-pages';

// One chunk per page, as in lazy-pages.ts (where the quote page is, as an entry page).
const MyConfigurationsPage = lazy(() =>
  import('../../features/my-configurations/pages/my-configurations-page').then((m) => ({
    default: m.MyConfigurationsPage,
  })),
);

/**
 * The configurator, My Configurations and the quote detail. The configurator is public (the session guard lets
 * visitors stay; the page asks them for an e-mail address). The other two need a user: the guard sends visitors to
 * /Login (My Configurations is public in the spec's table, like My Profile, but lists nothing without a user).
 */
export const configuratorQuoteRoutes = [
  <Route key="Configurator" path="Configurator" element={<ConfiguratorPage />} />,
  // Without a configuration id the page makes a new GUID and puts it in the URL.
  <Route
    key="Configurator/:productId/:quoteId"
    path="Configurator/:productId/:quoteId"
    element={<ConfiguratorPage />}
  />,
  <Route
    key="Configurator/:productId/:quoteId/:configurationId"
    path="Configurator/:productId/:quoteId/:configurationId"
    element={<ConfiguratorPage />}
  />,
  <Route key="MyConfigurations" path="MyConfigurations" element={<MyConfigurationsPage />} />,
  <Route key="Quote/:quoteId" path="Quote/:quoteId" element={<QuotePage />} />,
];
