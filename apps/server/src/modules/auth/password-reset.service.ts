import { MSG, PASSWORD_RESET_TTL_MS, type TPasswordResetRequest } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/digest';
import { AUDIT_ACTION, insertAuditEvent } from '../audit/audit.repository';
import { passwordResetMail } from './auth-mails';
import { findSignInUser } from './credentials.repository';
import {
  findResetByHash,
  insertPasswordReset,
  invalidateUserResets,
  markResetUsed,
  type TPasswordResetRow,
} from './password-resets.repository';
import { enforceRateLimit } from './rate-limits';

/** The reset link a user receives; the request id is its only secret. */
export const resetLinkFor = (publicUrl: string, rawId: string): string =>
  `${publicUrl}/ResetPassword?request=${encodeURIComponent(rawId)}`;

/**
 * Creates a reset request for a user: a random 32-byte id of which only the SHA-256 is stored, valid for `ttlMs`
 * (one hour for 'forgot password', longer for a new user's set-password link). Earlier unused requests of the user
 * stop working. Answers the raw id, which exists only in the mail that carries it.
 */
export async function createPasswordReset(
  db: TDbOrTx,
  userId: number,
  now: Date,
  ttlMs: number = PASSWORD_RESET_TTL_MS,
): Promise<string> {
  const rawId = randomToken(32);
  await invalidateUserResets(db, userId, now);
  await insertPasswordReset(db, { userId, tokenHash: sha256Hex(rawId), expiresAt: new Date(now.getTime() + ttlMs) });
  return rawId;
}

/** Finds a usable request: RESET_INVALID when unknown, RESET_EXPIRED when expired or already used. */
async function findUsableReset(
  db: TDbOrTx,
  rawId: string,
  now: Date,
): Promise<{ reset: TPasswordResetRow; username: string }> {
  const found = await findResetByHash(db, sha256Hex(rawId));
  if (!found) throw new AppError('RESET_INVALID', MSG.resetInvalid);
  if (found.reset.usedAt !== null || found.reset.expiresAt <= now) {
    throw new AppError('RESET_EXPIRED', MSG.resetExpired);
  }
  return found;
}

/** What the reset screen checks before showing the form (userManagement/getPasswordResetRequest). */
export async function getPasswordResetRequest(db: TDbOrTx, rawId: string, now: Date): Promise<TPasswordResetRequest> {
  const { reset, username } = await findUsableReset(db, rawId, now);
  return {
    passwordResetRequestId: rawId,
    userId: reset.userId,
    username,
    expirationDate: reset.expiresAt.toISOString(),
  };
}

/**
 * Spends a reset request: call it inside the transaction that sets the new password (updateUser with `resetId`).
 * Throws RESET_INVALID / RESET_EXPIRED as getPasswordResetRequest does; marks the request used (once, even under
 * races). The caller should also revoke the user's sessions (`revokeUserSessions`) and, after commit, clear the
 * sign-in throttle, since the person proved they own the mailbox.
 */
export async function consumePasswordReset(
  db: TDbOrTx,
  rawId: string,
  now: Date,
): Promise<{ userId: number; username: string }> {
  const { reset, username } = await findUsableReset(db, rawId, now);
  if (!(await markResetUsed(db, reset.id, now))) throw new AppError('RESET_EXPIRED', MSG.resetExpired);
  await insertAuditEvent(db, { action: AUDIT_ACTION.passwordResetUsed, userId: reset.userId });
  return { userId: reset.userId, username };
}

/**
 * auth/forgotPassword: for an existing user, a one-hour reset request and a mail with its link, committed together.
 * The answer, and as nearly as possible the work, is the same for an unknown username (both paths write an audit
 * event in a transaction), so the route does not reveal who has an account.
 */
export async function requestPasswordReset(
  deps: TAppDeps,
  username: string,
  client: { ip: string },
): Promise<{ sent: true }> {
  await enforceRateLimit(deps.limiter, 'forgotPerIp', client.ip);
  await enforceRateLimit(deps.limiter, 'forgotPerAccount', username);
  const now = deps.clock();
  const found = await findSignInUser(deps.db, username);
  await withTransaction(deps.db, deps.log, async (tx, afterCommit) => {
    if (found) {
      const rawId = await createPasswordReset(tx, found.user.id, now);
      await deps.mailer.enqueue(
        tx,
        afterCommit,
        passwordResetMail(found.user, resetLinkFor(deps.config.publicUrl, rawId)),
      );
    }
    await insertAuditEvent(tx, {
      action: AUDIT_ACTION.passwordResetRequested,
      pid: found?.user.pid,
      userId: found?.user.id,
      ip: client.ip,
      data: { knownUser: Boolean(found) },
    });
  });
  return { sent: true };
}
