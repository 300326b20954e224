import type { TRoleInput, TRoleLevel } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSave } from '../../../lib/api';
import { rolesApi } from '../api/roles.api';

/** Roles up to the viewer's level, sorted by level (shares ['roles', level] with the user form's role list). */
export const useRoleList = (viewerLevel: TRoleLevel) =>
  useQuery({
    queryKey: ['roles', viewerLevel],
    queryFn: ({ signal }) => rolesApi.getRoles(viewerLevel, signal),
    select: (page) => [...page.rows].sort((a, b) => a.roleLevel - b.roleLevel || a.name.localeCompare(b.name)),
  });

/** Creates (no id) or updates a role; every role list refetches. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: TSave<TRoleInput, string>) =>
      save.id === null ? rolesApi.createRole(save.input) : rolesApi.updateRole(save.id, save.input, save.version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rolesApi.deleteRole(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
