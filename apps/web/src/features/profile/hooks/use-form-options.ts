import { ADMIN_LEVEL, SUPER_ADMIN_LEVEL, type TRoleLevel } from '@cpq/contracts';
import { useQuery } from '@tanstack/react-query';
import { usersApi } from '../api/users.api';

/** Roles up to the viewer's level: only administrators may pick a role, so only they fetch the list. */
export const useRoles = (viewerLevel: TRoleLevel) =>
  useQuery({
    queryKey: ['roles', viewerLevel],
    queryFn: () => usersApi.getRoles(viewerLevel),
    enabled: viewerLevel >= ADMIN_LEVEL,
    staleTime: 5 * 60_000,
  });

/** All platforms: only level 9 chooses a platform on the user form. */
export const usePlatforms = (viewerLevel: TRoleLevel) =>
  useQuery({
    queryKey: ['platforms', 'list'],
    queryFn: () => usersApi.getPlatforms(),
    enabled: viewerLevel >= SUPER_ADMIN_LEVEL,
    staleTime: 5 * 60_000,
  });
