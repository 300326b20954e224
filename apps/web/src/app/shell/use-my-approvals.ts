import { ROLE_LEVEL, type TMyApprovals, type TUser } from '@cpq/contracts';
import { useEffect, useState } from 'react';
import { call } from '../../lib/api';

/** Dispatched on window after an approval decision or request, so the header reads its count again at once. */
export const APPROVALS_CHANGED_EVENT = 'cpq:approvals-changed';

/**
 * Whether the signed-in user approves anything, and how many quotes wait for them, so named approvers below
 * administrator level find their list too. The shell has no query cache (it loads with the pages), so this is one
 * small call when the user signs in and after each approval action; a failed call leaves the link as the level
 * gives it.
 */
export function useMyApprovals(user: Pick<TUser, 'id' | 'roleLevel'> | null): TMyApprovals | undefined {
  const [mine, setMine] = useState<TMyApprovals | undefined>(undefined);
  const userId = user !== null && user.roleLevel >= ROLE_LEVEL.registered ? user.id : null;
  useEffect(() => {
    setMine(undefined);
    if (userId === null) return;
    let controller = new AbortController();
    const read = () => {
      controller.abort();
      controller = new AbortController();
      call('quoteManagement/getMyApprovals', {}, controller.signal).then(setMine, () => undefined);
    };
    read();
    window.addEventListener(APPROVALS_CHANGED_EVENT, read);
    return () => {
      controller.abort();
      window.removeEventListener(APPROVALS_CHANGED_EVENT, read);
    };
  }, [userId]);
  return mine;
}
