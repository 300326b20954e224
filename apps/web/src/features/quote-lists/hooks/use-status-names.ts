import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../auth/hooks/use-session';
import { STATUS_TYPES_KEY } from '../../status-types/hooks/use-status-types';
import { quoteListsApi } from '../api/quote-lists.api';

const NO_NAMES: ReadonlyMap<number, string> = new Map();

/**
 * Status type names by id for the Status column: the server's list up to the caller's level (a status above it
 * shows an em dash). Nothing is loaded without a role level (spec section 4, "Quote state").
 */
export function useStatusNames(): ReadonlyMap<number, string> {
  const roleLevel = useSession().user?.roleLevel;
  const result = useQuery({
    queryKey: [...STATUS_TYPES_KEY, 'names', roleLevel],
    queryFn: ({ signal }) => quoteListsApi.getStatusTypes(signal),
    enabled: roleLevel !== undefined,
    select: (page) => new Map(page.rows.map((status) => [status.id, status.name])),
  });
  return result.data ?? NO_NAMES;
}
