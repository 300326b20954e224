import { isDatabaseId } from '@cpq/contracts';
import { type ComponentType, createElement, lazy } from 'react';
import { prefetchQuote } from '../features/quotes/api/quote-prefetch';
import { isConfiguratorPath, isQuoteLinkPath, normalizePath } from './guards/public-routes';

type TPageModule = { default: ComponentType };

/** A route's page in its own chunk, with a way to start the download before the route renders. */
function lazyPage(load: () => Promise<TPageModule>) {
  return Object.assign(lazy(load), { preload: load });
}

/** The app's query cache, in the chunk that every page but the sign-in screens loads with its own code. */
export const loadQueryClient = () => import('./query-client');

/** A page that fetches with the query cache: the cache's code downloads beside the page's, and wraps it. */
function lazyQueryPage(load: () => Promise<TPageModule>) {
  return lazyPage(() =>
    Promise.all([load(), loadQueryClient()]).then(([page, { QueryProvider }]) => ({
      default: () => createElement(QueryProvider, null, createElement(page.default)),
    })),
  );
}

// One chunk per page: the sign-in screens never download the profile form, and vice versa. The sign-in page alone
// needs no query cache (its forms call the API directly).
export const LoginPage = lazyPage(() =>
  import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })),
);
export const ResetPasswordPage = lazyQueryPage(() =>
  import('../features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
export const QuoteDashboardPage = lazyQueryPage(() =>
  import('../features/quote-lists/pages/quote-dashboard-page').then((m) => ({ default: m.QuoteDashboardPage })),
);
export const MyProfilePage = lazyQueryPage(() =>
  import('../features/profile/pages/my-profile-page').then((m) => ({ default: m.MyProfilePage })),
);
export const QuotePage = lazyQueryPage(() =>
  import('../features/quotes/pages/quote-page').then((m) => ({ default: m.QuotePage })),
);
export const QuotePortalPage = lazyQueryPage(() =>
  import('../features/quote-portal/pages/quote-portal-page').then((m) => ({ default: m.QuotePortalPage })),
);
export const ConfiguratorPage = lazyQueryPage(() =>
  import('../features/configurator/pages/configurator-page').then((m) => ({ default: m.ConfiguratorPage })),
);

/**
 * The route table of every page beyond the sign-in screens (routes/main-routes.tsx), in its own chunk. The entry page
 * of the path it is loaded for (the quote dashboard after a sign-in) downloads beside it, not after it.
 */
export function loadMainRoutes() {
  void entryPage(window.location.pathname, true)
    ?.preload()
    .catch(() => undefined);
  return importMainRoutes();
}

const importMainRoutes = () => import('./routes/main-routes');

/** The quote id of a /Quote/{id} path (normalised), else null. */
function quoteIdOf(path: string): number | null {
  const id = Number(/^\/quote\/(\d+)$/.exec(path)?.[1]);
  return isDatabaseId(id) ? id : null;
}

/** The page a first load of this path shows, when it is one of the entry pages. */
function entryPage(pathname: string, isSignedIn: boolean) {
  const path = normalizePath(pathname);
  if (path === '/resetpassword') return ResetPasswordPage;
  // A customer's quote link opens the same page signed in or not.
  if (isQuoteLinkPath(path)) return QuotePortalPage;
  // Configurator links are shared with visitors too (the page asks them for an e-mail address).
  if (isConfiguratorPath(path)) return ConfiguratorPage;
  if (!isSignedIn) return path === '/' || path === '/login' ? LoginPage : null;
  if (path === '/' || path === '/login' || path === '/quotedashboard') return QuoteDashboardPage;
  if (quoteIdOf(path) !== null) return QuotePage;
  return path.startsWith('/myprofile/') ? MyProfilePage : null;
}

/** Whether the path's page is found through MainRoutes (router.tsx itself matches /, the sign-in screens, /q/…). */
const usesMainRoutes = (path: string): boolean =>
  !['/', '/login', '/resetpassword'].includes(path) && !isQuoteLinkPath(path);

/**
 * Starts downloading the page the app opens on, so that it arrives while the guard waits for the session instead
 * of after it (one round trip less before the first screen), and for a quote (a link in an e-mail, a reload) its
 * data too. Only the entry pages: the sign-in screens, the quote dashboard, a quote, the profile, the
 * configurator and a customer's quote link; administration pages load when their route renders. Any path beyond the
 * sign-in screens also starts the route table that leads to its page.
 */
export function preloadEntryPage(pathname: string, isSignedIn: boolean): void {
  void entryPage(pathname, isSignedIn)
    ?.preload()
    .catch(() => undefined);
  if (usesMainRoutes(normalizePath(pathname))) void importMainRoutes().catch(() => undefined);
  const quoteId = isSignedIn ? quoteIdOf(normalizePath(pathname)) : null;
  if (quoteId !== null) prefetchQuote(quoteId, () => loadQueryClient().then((m) => m.queryClient));
}
