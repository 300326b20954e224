import { createHmac, randomInt } from 'node:crypto';
import { MSG, type TParsedRequestOf, type TPendingSignIn } from '@cpq/contracts';
import type { TTx } from '../../db/client';
import { type TAfterCommit, withTransaction } from '../../db/transaction';
import type { TAppDeps } from '../../deps';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { safeEqual } from '../../lib/digest';
import { AUDIT_ACTION, insertAuditEvent } from '../audit/audit.repository';
import { mailboxCodeMail } from './auth-mails';
import { findSignInUser } from './credentials.repository';
import { countWrongMailCode, forgetMfa, spendMailCode, storeMailCode } from './mailbox-codes.repository';
import { createSignInTicket, startEnrollment } from './mfa.service';
import { canManageUserOf, hasAuthenticator } from './sign-in.policy';
import { recordSignInFailure } from './sign-in-throttle';
import { ticketHolder } from './sign-in-ticket';

/**
 * The mailbox check of a first enrolment (a deliberate departure from the spec, see the README): on a platform
 * that requires multi-factor, knowing the password is not enough to enrol an authenticator. The password step mails
 * a six-digit code; only auth/confirmMailbox with that code answers the authenticator secret.
 */
export const MAIL_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes accepted before the code is voided and the user must sign in again. */
export const MAIL_CODE_MAX_TRIES = 5;

/** The stored form of a code: keyed by the server secret and bound to the user, so a database leak reveals none. */
function hashMailCode(tokenSecret: Uint8Array, userId: number, code: string): string {
  return createHmac('sha256', tokenSecret).update(`mailbox:${userId}:${code}`).digest('hex');
}

/**
 * Mails a new code to the user, replacing any earlier one (call it in the transaction that answers the password
 * step, so the code and its mail commit together).
 */
export async function sendMailboxCode(
  deps: Pick<TAppDeps, 'config' | 'clock' | 'mailer'>,
  tx: TTx,
  afterCommit: TAfterCommit,
  user: { id: number; username: string; pid: string },
  ip: string,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(deps.clock().getTime() + MAIL_CODE_TTL_MS);
  await storeMailCode(tx, user.id, hashMailCode(deps.config.tokenSecret, user.id, code), expiresAt);
  await deps.mailer.enqueue(tx, afterCommit, mailboxCodeMail(user, code));
  await insertAuditEvent(tx, {
    action: AUDIT_ACTION.mfaMailboxCodeSent,
    pid: user.pid,
    userId: user.id,
    ip,
  });
}

/**
 * auth/confirmMailbox: checks the mailed code against the ticket's user. The right code is spent at once (atomic,
 * so of two racing uses one wins) and the answer is the pending sign-in with the new authenticator to scan and a
 * fresh ticket for auth/authorize. A wrong code counts against the code (five tries) and the sign-in throttle; an
 * expired one is replaced by a new mail.
 */
export async function confirmMailbox(
  deps: TAppDeps,
  body: TParsedRequestOf<'auth/confirmMailbox'>,
  client: { ip: string },
): Promise<TPendingSignIn> {
  const now = deps.clock();
  const { ticket, found } = await ticketHolder(deps, body, client.ip, now);
  const { user, platform } = found;
  if (hasAuthenticator(user) || !user.mfaMailCodeHash || !user.mfaMailCodeExpiresAt) {
    throw new AppError('BAD_REQUEST', MSG.mailCodeMissing);
  }
  if (user.mfaMailCodeAttempts >= MAIL_CODE_MAX_TRIES) {
    throw new AppError('BAD_REQUEST', MSG.mailCodeTooManyTries);
  }
  if (user.mfaMailCodeExpiresAt <= now) {
    await withTransaction(deps.db, deps.log, (tx, afterCommit) =>
      sendMailboxCode(deps, tx, afterCommit, user, client.ip),
    );
    throw new AppError('BAD_REQUEST', MSG.mailCodeExpired);
  }
  const storedHash = user.mfaMailCodeHash;
  const isRight = safeEqual(storedHash, hashMailCode(deps.config.tokenSecret, user.id, body.code));
  if (!isRight) {
    const attempts = await countWrongMailCode(deps.db, user.id, storedHash);
    await insertAuditEvent(deps.db, {
      action: AUDIT_ACTION.signInFailed,
      pid: user.pid,
      userId: user.id,
      ip: client.ip,
      data: { step: 'mailbox', reason: 'wrong mailbox code' },
    });
    await recordSignInFailure(deps.limiter, body.username, client.ip);
    const isSpent = attempts === undefined || attempts >= MAIL_CODE_MAX_TRIES;
    throw new AppError('INVALID_PASSCODE', isSpent ? MSG.mailCodeTooManyTries : MSG.mailCodeWrong);
  }
  const enrollment = await deps.db.transaction(async (tx) => {
    if (!(await spendMailCode(tx, user.id, storedHash))) return null;
    const started = await startEnrollment(tx, user, now);
    await insertAuditEvent(tx, {
      action: AUDIT_ACTION.mfaEnrolmentStarted,
      pid: user.pid,
      actorUserId: user.id,
      userId: user.id,
      ip: client.ip,
      data: { via: 'mailbox' },
    });
    return started;
  });
  if (!enrollment) throw new AppError('BAD_REQUEST', MSG.mailCodeMissing);
  const secret = await createSignInTicket(deps, user.username, ticket.stayLoggedIn);
  return { mfaRequired: true, platformRequiresMFA: platform.requireMfa, secret, mailboxCheck: false, enrollment };
}

/**
 * userManagement/resetMfaEnrollment: forgets a user's authenticator (enrolled and pending) and any mailed code, so
 * their next sign-in enrols again after the mailbox check. Administrators of the user's platform; level 9 any.
 */
export async function resetMfaEnrollment(deps: TAppDeps, actor: TActor, id: number, ip: string): Promise<{ ok: true }> {
  const found = await findSignInUser(deps.db, id);
  if (!found || !canManageUserOf(actor, found.user)) throw new AppError('NOT_FOUND', MSG.notFound);
  await deps.db.transaction(async (tx) => {
    await forgetMfa(tx, id);
    await insertAuditEvent(tx, {
      action: AUDIT_ACTION.mfaReset,
      pid: found.user.pid,
      actorUserId: actor.userId,
      userId: id,
      ip,
    });
  });
  return { ok: true };
}
