import { useCallback, useState } from 'react';
import { authApi } from '../api/auth.api';

/**
 * An API call a form awaits, with whether it runs. Plain state rather than a query-cache mutation: the sign-in
 * screens cache nothing, and leave the query cache's code to the pages that do.
 */
function useCall<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const [pending, setPending] = useState(0);
  const run = useCallback(
    async (input: TInput): Promise<TResult> => {
      setPending((count) => count + 1);
      try {
        return await send(input);
      } finally {
        setPending((count) => count - 1);
      }
    },
    [send],
  );
  return { run, isPending: pending > 0 };
}

/** The sign-in and account-recovery calls, as calls the forms can await. */
export const useLogin = () => useCall(authApi.login);
export const useAuthorize = () => useCall(authApi.authorize);
export const useConfirmMailbox = () => useCall(authApi.confirmMailbox);
export const useForgotPassword = () => useCall(authApi.forgotPassword);
export const useSignUp = () => useCall(authApi.signUp);
export const useResetPassword = () => useCall(resetPassword);

const resetPassword = ({ userId, password, resetId }: { userId: number; password: string; resetId: string }) =>
  authApi.resetPassword(userId, password, resetId);
