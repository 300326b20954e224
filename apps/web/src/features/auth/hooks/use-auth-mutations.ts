import { useMutation } from '@tanstack/react-query';
import { authApi } from '../api/auth.api';

/** The sign-in and account-recovery calls, as mutations the forms can await. */
export const useLogin = () => useMutation({ mutationFn: authApi.login });
export const useAuthorize = () => useMutation({ mutationFn: authApi.authorize });
export const useConfirmMailbox = () => useMutation({ mutationFn: authApi.confirmMailbox });
export const useForgotPassword = () => useMutation({ mutationFn: authApi.forgotPassword });
export const useSignUp = () => useMutation({ mutationFn: authApi.signUp });
export const useResetPassword = () =>
  useMutation({
    mutationFn: ({ userId, password, resetId }: { userId: number; password: string; resetId: string }) =>
      authApi.resetPassword(userId, password, resetId),
  });
