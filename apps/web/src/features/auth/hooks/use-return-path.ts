import { useLocation } from 'react-router';
import { signInReturnPath } from '../logic/return-path';

/** Where a sign-in completed on this screen goes (see signInReturnPath). */
export function useSignInReturnPath(): string {
  return signInReturnPath(useLocation());
}
