import { ADMIN_LEVEL } from '@cpq/contracts';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';

/** Administration routes need level 5 or 9; everyone else goes home (spec section 6). */
export function RequireAdmin() {
  const { user } = useSession();
  if (!user || user.roleLevel < ADMIN_LEVEL) return <Navigate to="/" replace />;
  return <Outlet />;
}
