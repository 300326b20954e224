import { ROLE_LEVEL, type TMyApprovals, type TUser } from '@cpq/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Under the approvals key, so a decision anywhere (which invalidates ['approvals']) refreshes the header's count. */
export const MY_APPROVALS_KEY = ['approvals', 'mine'] as const;

/**
 * Whether the signed-in user approves anything, and how many quotes wait for them: one small call per session (read
 * again after a minute on focus), so named approvers below administrator level find their list too.
 */
export function useMyApprovals(user: Pick<TUser, 'id' | 'roleLevel'> | null): TMyApprovals | undefined {
  const isEnabled = user !== null && user.roleLevel >= ROLE_LEVEL.registered;
  return useQuery({
    queryKey: [...MY_APPROVALS_KEY, user?.id],
    queryFn: ({ signal }) => call('quoteManagement/getMyApprovals', {}, signal),
    enabled: isEnabled,
    staleTime: 60_000,
  }).data;
}
