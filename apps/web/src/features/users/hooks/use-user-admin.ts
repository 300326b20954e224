import type { TUser } from '@cpq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersAdminApi } from '../api/users-admin.api';

/** The users list's query key prefix (paged queries are appended by the generic list). */
export const USERS_LIST_KEY = ['users', 'list'] as const;

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: TUser) => usersAdminApi.deleteUser(user.id),
    onSuccess: (_ok, user) => {
      queryClient.removeQueries({ queryKey: ['users', user.username], exact: true });
      void queryClient.invalidateQueries({ queryKey: USERS_LIST_KEY });
    },
  });
}

/** Forgets a user's authenticator: their next sign-in enrols again, after the mailbox check. */
export function useResetMfaEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: TUser) => usersAdminApi.resetMfaEnrollment(user.id),
    onSuccess: (_ok, user) => {
      void queryClient.invalidateQueries({ queryKey: ['users', user.username] });
      void queryClient.invalidateQueries({ queryKey: USERS_LIST_KEY });
    },
  });
}
