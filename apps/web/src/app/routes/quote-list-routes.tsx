import { lazy } from 'react';
import { Route } from 'react-router';

// One chunk per page, as in lazy-pages.ts (the dashboard is an entry page, so it lives there).
const PlatformQuotesPage = lazy(() =>
  import('../../features/quote-lists/pages/platform-quotes-page').then((m) => ({ default: m.PlatformQuotesPage })),
);

const QuoteRequestsPage = lazy(() =>
  import('../../features/quote-lists/pages/quote-requests-page').then((m) => ({ default: m.QuoteRequestsPage })),
);

const ApprovalsWaitingPage = lazy(() =>
  import('../../features/approvals/pages/approvals-waiting-page').then((m) => ({ default: m.ApprovalsWaitingPage })),
);

/** /Quotes/{pid}: every quote of a platform. Rendered as children of the router's RequireAdmin route. */
export const quoteListRoutes = [<Route key="Quotes/:pid" path="Quotes/:pid" element={<PlatformQuotesPage />} />];

/** /QuoteRequests: the platform's quote requests, for every signed-in user from level 1 (the page checks). */
export const quoteRequestRoutes = [
  <Route key="QuoteRequests" path="QuoteRequests" element={<QuoteRequestsPage />} />,
  <Route key="Approvals" path="Approvals" element={<ApprovalsWaitingPage />} />,
];
