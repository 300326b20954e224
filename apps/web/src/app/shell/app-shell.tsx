import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SessionProvider } from '../../features/auth/components/session-provider';
import { useSession } from '../../features/auth/hooks/use-session';
import { CrmHandoffProvider } from '../../features/crm/components/crm-handoff-provider';
import { OrderUpdatesProvider } from '../../features/orders/components/order-updates-provider';
import { PresenceProvider } from '../../features/presence/components/presence-provider';
import { PageSpinner } from '../../ui/page-spinner';
import { RouteErrorBoundary } from '../error/route-error-boundary';
import { SessionGuard } from '../guards/session-guard';
import { Footer } from './footer';
import { Header } from './header';

function Shell() {
  const session = useSession();
  return (
    <PresenceProvider token={session.auth?.token ?? null}>
      <OrderUpdatesProvider>
        <CrmHandoffProvider>
          <Header user={session.user} isLoading={session.isLoading} onSignOut={() => void session.signOut()} />
          <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
            <SessionGuard>
              {/* Errors inside a page keep the header and footer around the error message. */}
              <RouteErrorBoundary>
                <Suspense fallback={<PageSpinner />}>
                  <Outlet />
                </Suspense>
              </RouteErrorBoundary>
            </SessionGuard>
          </Box>
          <Footer />
        </CrmHandoffProvider>
      </OrderUpdatesProvider>
    </PresenceProvider>
  );
}

/** The root route's element: session, live presence, the CRM hand-off, header, page and footer. */
export function AppShell() {
  return (
    <SessionProvider>
      <Shell />
    </SessionProvider>
  );
}
