import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../error/not-found-page';
import { RequireAdmin } from '../guards/require-admin';
import { MyProfilePage, QuoteDashboardPage } from '../lazy-pages';
import { QueryProvider } from '../query-client';
import { accountsAdminRoutes } from './accounts-admin-routes';
import { configuratorQuoteRoutes } from './configurator-quote-routes';
import { orderRoutes } from './order-routes';
import { quoteListRoutes, quoteRequestRoutes } from './quote-list-routes';
import { referenceDataRoutes } from './reference-data-routes';

/**
 * Every page beyond the sign-in screens, matched below the router's catch-all route: this table and its pages'
 * lazy declarations load with the first of these pages, so the sign-in screens do not download them (nor the query
 * cache they all fetch with).
 */
export function MainRoutes() {
  return (
    <QueryProvider>
      <Routes>
        <Route path="QuoteDashboard" element={<QuoteDashboardPage />} />
        {quoteRequestRoutes}
        <Route path="MyProfile/:username" element={<MyProfilePage />} />
        {configuratorQuoteRoutes}
        {orderRoutes}
        <Route element={<RequireAdmin />}>
          {accountsAdminRoutes}
          {referenceDataRoutes}
          {quoteListRoutes}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </QueryProvider>
  );
}
