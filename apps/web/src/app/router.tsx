import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PageSpinner } from '../ui/page-spinner';
import { NotFoundPage } from './error/not-found-page';
import { RouteErrorBoundary } from './error/route-error-boundary';
import { RequireAdmin } from './guards/require-admin';
import { SignedOutOnly } from './guards/signed-out-only';
import { HomeRoute } from './home-route';
import { LoginPage, MyProfilePage, QuoteDashboardPage, QuotePortalPage, ResetPasswordPage } from './lazy-pages';
import { accountsAdminRoutes } from './routes/accounts-admin-routes';
import { configuratorQuoteRoutes } from './routes/configurator-quote-routes';
import { orderRoutes } from './routes/order-routes';
import { quoteListRoutes, quoteRequestRoutes } from './routes/quote-list-routes';
import { referenceDataRoutes } from './routes/reference-data-routes';
import { AppShell } from './shell/app-shell';

/**
 * The route table. Declarative routing (no loaders or actions are needed: TanStack Query fetches) keeps the
 * router's share of the sign-in bundle small; RouteErrorBoundary stands in for a data router's errorElement.
 */
export function AppRoutes() {
  return (
    <Routes>
      {/* The customer's quote link stands alone: no session, no header with navigation, no live connection. */}
      <Route
        path="q/:token"
        element={
          <Suspense fallback={<PageSpinner label="Loading the quote" />}>
            <QuotePortalPage />
          </Suspense>
        }
      />
      <Route element={<AppShell />}>
        <Route index element={<HomeRoute />} />
        <Route
          path="Login"
          element={
            <SignedOutOnly>
              <LoginPage />
            </SignedOutOnly>
          }
        />
        <Route path="ResetPassword" element={<ResetPasswordPage />} />
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
      </Route>
    </Routes>
  );
}

/** The whole app's routing: an error boundary around everything, so even a failing shell shows the error page. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
