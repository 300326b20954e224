import { MSG, type TUpdateUserInput, type TUser } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { ALL_PLATFORMS, scopeOf } from '../../lib/platform-scope';
import { type TRoleRow, toUserView } from '../../lib/user-view';
import { assertVersion, conflict } from '../../lib/versioning';
import { insertChangesBy } from '../audit/change-trail';
import { confirmEnrollment } from '../auth/mfa.service';
import { consumePasswordReset } from '../auth/password-reset.service';
import { revokeUserSessions } from '../auth/sessions.repository';
import { clearSignInThrottle } from '../auth/sign-in-throttle';
import { findPlatform } from '../platforms/platforms.repository';
import { findRole } from '../roles/roles.repository';
import { assertUncommonPassword } from './user-create.service';
import { userTrail } from './user-trail';
import { canAssignRole, canChangeCheckoutType, canChangeRole, canEditUser, canMoveUser, isAdmin } from './users.policy';
import { findUserById, type TUserPatch, type TUserWithRole, updateUserRow } from './users.repository';
import { forbidden, notFound, publishPresenceSafely, requireActor, type TUserContext } from './users.service';

const invalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ path, message }]);

/**
 * Updates a user. With `resetId` it is a password reset and needs no sign-in. Otherwise the caller edits
 * themselves (names, password, multi-factor, sign-out) or, as an administrator, a user of their platform who is
 * not above them (also role, checkout type, password; level 9 also the platform). Nobody changes their own role or
 * platform. A field sent with its current value is not a change, so a form may send the whole user back.
 */
export async function updateUser(
  ctx: TUserContext,
  id: number,
  input: TUpdateUserInput,
  version?: number,
): Promise<TUser> {
  if (input.resetId !== undefined) return resetPassword(ctx, id, input);
  const actor = requireActor(ctx);
  assertUncommonPassword(input.password);
  const isSelf = actor.userId === id;
  if (!isSelf && !isAdmin(actor)) throw forbidden();
  if (input.mfaSecret !== undefined && (!isSelf || input.enableMFA === false)) {
    throw invalid('input.mfaSecret', 'Only the user themselves can confirm their authenticator.');
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const { db, clock } = ctx.deps;
  const now = clock();
  const scope = scopeOf(actor);
  const result = await db.transaction(async (tx) => {
    const current = await findUserById(tx, scope, id);
    if (!current) throw notFound();
    if (!canEditUser(actor, { id, pid: current.user.pid, roleLevel: current.role.roleLevel })) throw forbidden();
    assertVersion(current.user, version);
    if (passwordHash && isSelf) await assertCurrentPassword(current.user.passwordHash, input.currentPassword);
    const { patch, role } = await planChanges(tx, actor, current, input);
    if (passwordHash) patch.passwordHash = passwordHash;
    if (input.mfaSecret !== undefined) await confirmEnrollment(tx, id, input.mfaSecret, now);
    const row = await updateUserRow(tx, scope, id, patch, now, version);
    if (!row) throw conflict();
    // A new password ends every other session of the user; the caller's own stays signed in.
    if (passwordHash) await revokeUserSessions(tx, id, now, isSelf ? actor.sessionId : undefined);
    await insertChangesBy(tx, ctx, [userTrail.updated(current.user, row)]);
    return {
      row,
      role,
      isPresenceChanged: patch.isLoggedIn !== undefined || patch.pid !== undefined,
      oldPid: current.user.pid,
    };
  });
  if (result.isPresenceChanged) await publishPresenceSafely(ctx, [result.oldPid, result.row.pid]);
  return toUserView(result.row, result.role);
}

/** Users changing their own password prove they know the current one first. */
async function assertCurrentPassword(passwordHash: string, currentPassword: string | undefined): Promise<void> {
  if (!currentPassword) throw invalid('input.currentPassword', MSG.currentPasswordRequired);
  if (!(await verifyPassword(passwordHash, currentPassword))) {
    throw invalid('input.currentPassword', MSG.currentPasswordWrong);
  }
}

/** Checks each requested change against the caller's rights and answers the columns to write. */
async function planChanges(
  tx: TDbOrTx,
  actor: TActor,
  current: TUserWithRole,
  input: TUpdateUserInput,
): Promise<{ patch: TUserPatch; role: TRoleRow }> {
  const { user } = current;
  const isSelf = actor.userId === user.id;
  const patch: TUserPatch = {};
  let role: TRoleRow = current.role;
  if (input.firstName !== undefined) patch.firstName = input.firstName;
  if (input.lastName !== undefined) patch.lastName = input.lastName;

  if (input.roleId !== undefined && input.roleId !== user.roleId) {
    if (isSelf) throw forbidden(MSG.cannotRaiseOwnLevel);
    if (!canChangeRole(actor, user)) throw forbidden();
    const next = await findRole(tx, input.roleId);
    if (!next) throw invalid('input.roleId', 'Choose a role that exists.');
    if (!canAssignRole(actor, next)) throw forbidden(MSG.roleAboveCallerLevel);
    patch.roleId = next.id;
    role = next;
  }

  let requireMfa = false;
  if (input.pid !== undefined && input.pid !== user.pid) {
    if (isSelf) throw forbidden(MSG.cannotRaiseOwnLevel);
    if (!canMoveUser(actor, user)) throw forbidden();
    const platform = await findPlatform(tx, ALL_PLATFORMS, input.pid);
    if (!platform) throw new AppError('NOT_FOUND', MSG.notFound, [{ path: 'input.pid', message: MSG.notFound }]);
    patch.pid = platform.id;
    requireMfa = platform.requireMfa;
  } else {
    requireMfa = (await findPlatform(tx, ALL_PLATFORMS, user.pid))?.requireMfa ?? false;
  }

  if (input.checkoutType !== undefined && input.checkoutType !== user.checkoutType) {
    if (!canChangeCheckoutType(actor)) throw forbidden();
    patch.checkoutType = input.checkoutType;
  }

  if (input.isLoggedIn !== undefined && input.isLoggedIn !== user.isLoggedIn) {
    if (!isSelf) throw forbidden();
    patch.isLoggedIn = input.isLoggedIn;
  }

  if (input.enableMFA === false) {
    if (requireMfa) throw invalid('input.enableMFA', MSG.mfaRequiredByPlatform);
    Object.assign(patch, { enableMfa: false, mfaSecret: null, mfaPendingSecret: null, mfaPendingExpiresAt: null });
  } else if (input.enableMFA === true || (requireMfa && !user.enableMfa)) {
    patch.enableMfa = true;
  }
  return { patch, role };
}

/**
 * A signed-out password reset: spends the reset request, sets the new password and ends every session of the
 * user, in one transaction. The request must belong to the user being updated.
 */
async function resetPassword(ctx: TUserContext, id: number, input: TUpdateUserInput): Promise<TUser> {
  const { resetId, password, currentPassword: _ignored, ...rest } = input;
  if (!password) throw invalid('input.password', MSG.passwordRequired);
  const others = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined);
  if (others.length > 0) throw invalid(`input.${others[0]}`, 'A password reset changes only the password.');
  assertUncommonPassword(password);
  const passwordHash = await hashPassword(password);
  const now = ctx.deps.clock();
  let resetUsername = '';
  const updated = await ctx.deps.db.transaction(async (tx) => {
    const { userId, username } = await consumePasswordReset(tx, resetId ?? '', now);
    if (userId !== id) throw new AppError('RESET_INVALID', MSG.resetInvalid);
    resetUsername = username;
    const current = await findUserById(tx, ALL_PLATFORMS, id);
    const row = current && (await updateUserRow(tx, ALL_PLATFORMS, id, { passwordHash }, now));
    if (!current || !row) throw new AppError('RESET_INVALID', MSG.resetInvalid);
    await revokeUserSessions(tx, id, now);
    // Signed out: the reset request, not a caller, vouches for the change.
    await insertChangesBy(tx, { actor: null, ip: ctx.ip }, [userTrail.updated(current.user, row, { via: 'reset' })]);
    return { user: row, role: current.role };
  });
  // The mailbox's owner proved themselves: their sign-in throttle starts again, from any address.
  await clearSignInThrottle(ctx.deps.limiter, resetUsername, [ctx.ip]);
  return toUserView(updated.user, updated.role);
}
