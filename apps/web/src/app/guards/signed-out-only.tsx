import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';

/**
 * /Login is for signed-out visitors; a user who arrives signed in moves on to the home page. A sign-in completed
 * on this page navigates by itself (to the quote dashboard), so only the state at arrival counts.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { auth } = useSession();
  const [wasSignedInOnArrival] = useState(() => auth !== null);
  return wasSignedInOnArrival ? <Navigate to="/" replace /> : children;
}
