import type { TUserRow } from '../../lib/user-view';
import { changeTrail, type TChangeContext } from '../audit/change-trail';

/**
 * What the trail compares of a user: the settings and credentials a change can touch, under the names events give
 * them (`password`, not the column `passwordHash`). It holds secrets so that changing them is noticed, but events
 * only ever carry field names. The pending enrolment and sign-in bookkeeping belong to auth, which audits them.
 */
function audited(row: TUserRow) {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    roleId: row.roleId,
    pid: row.pid,
    checkoutType: row.checkoutType,
    isLoggedIn: row.isLoggedIn,
    enableMfa: row.enableMfa,
    mfaSecret: row.mfaSecret,
    password: row.passwordHash,
  };
}

/** Created and deleted events carry the username. */
const trail = changeTrail('user', (user: ReturnType<typeof audited>) => ({
  id: user.id,
  pid: user.pid,
  label: { username: user.username },
}));

/** User changes, from user rows. */
export const userTrail = {
  created: (row: TUserRow, context?: TChangeContext) => trail.created(audited(row), context),
  updated: (before: TUserRow, after: TUserRow, context?: TChangeContext) =>
    trail.updated(audited(before), audited(after), context),
  deleted: (row: TUserRow) => trail.deleted(audited(row)),
};
