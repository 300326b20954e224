import { useSession } from '../features/auth/hooks/use-session';
import { LoginPage, QuoteDashboardPage } from './lazy-pages';

/** `/`: the quote dashboard for a signed-in user, or the login form for visitors (spec route table). */
export function HomeRoute() {
  const { auth } = useSession();
  return auth ? <QuoteDashboardPage /> : <LoginPage />;
}
