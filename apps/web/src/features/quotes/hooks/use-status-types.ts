import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../auth/hooks/use-session';
import { statusTypesApi } from '../../status-types/api/status-types.api';
import { STATUS_TYPES_KEY } from '../../status-types/hooks/use-status-types';

/**
 * The status types the signed-in user may assign (the server's list up to their role level). Without a role level
 * (no user yet) nothing is loaded (spec section 4, "Quote state").
 */
export function useQuoteStatusTypes() {
  const roleLevel = useSession().user?.roleLevel;
  return useQuery({
    queryKey: [...STATUS_TYPES_KEY, 'forLevel', roleLevel],
    queryFn: ({ signal }) => statusTypesApi.getStatusTypes({ roleLevel, limit: 200 }, signal),
    enabled: roleLevel !== undefined,
    select: (page) => page.rows,
  });
}
