import { useSession } from '../features/auth/hooks/use-session';
import { HomePage, LoginPage } from './lazy-pages';

/** `/`: the signed-in home, or the login form for visitors (spec route table). */
export function HomeRoute() {
  const { auth } = useSession();
  return auth ? <HomePage /> : <LoginPage />;
}
