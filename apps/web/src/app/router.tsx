import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PageSpinner } from '../ui/page-spinner';
import { RouteErrorBoundary } from './error/route-error-boundary';
import { SignedOutOnly } from './guards/signed-out-only';
import { HomeRoute } from './home-route';
import { LoginPage, loadMainRoutes, QuotePortalPage, ResetPasswordPage } from './lazy-pages';
import { AppShell } from './shell/app-shell';

const MainRoutes = lazy(() => loadMainRoutes().then((m) => ({ default: m.MainRoutes })));

/**
 * The route table: the home page, the sign-in screens and the customer's quote link; every other path goes to
 * MainRoutes, whose table loads with its first page (lazy-pages.ts starts it at once for such a path). Declarative routing (no loaders or actions are needed: TanStack Query fetches) keeps the
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
        <Route path="*" element={<MainRoutes />} />
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
