import type { TCreateUserInput, TUpdateUserInput } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../api/users.api';

/** One user by username; shares the ['users', username] entry with the session's own user. */
export const useUser = (username: string) =>
  useQuery({ queryKey: ['users', username], queryFn: () => usersApi.getUser(username) });

/** Saves a user and puts the answer straight into that user's cache entry. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: number; input: TUpdateUserInput; version: number }) =>
      usersApi.updateUser(id, input, version),
    onSuccess: (user) => {
      queryClient.setQueryData(['users', user.username], user);
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}

/** Creates a user (administrators) and caches the answer under its username. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateUserInput) => usersApi.createUser(input),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(['users', user.username], user);
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}

/** Starts an authenticator enrolment for the signed-in user. */
export const useMfaSecret = () => useMutation({ mutationFn: usersApi.getSecret });
