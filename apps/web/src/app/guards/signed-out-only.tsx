import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { signInReturnPath } from '../../features/auth/logic/return-path';

/**
 * /Login is for signed-out visitors; a signed-in user moves on to where a sign-in on this page leads: the page the
 * guard turned them away from (with its query, a CRM hand-off say), else the quote dashboard. It is the same place
 * the sign-in itself navigates to, so the two cannot disagree: the router moves to a new location in a transition,
 * and while that transition waits for the page's code the session guard can show this page again, signed in.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { auth } = useSession();
  const location = useLocation();
  return auth ? <Navigate to={signInReturnPath(location)} replace /> : children;
}
