import type { TMfaEnrollment } from '@cpq/contracts';
import { MSG } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import type { TAppDeps } from '../../deps';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { safeEqual } from '../../lib/digest';
import { signTicket } from '../../lib/tokens';
import { enrollmentFor, generateTotpSecret } from '../../lib/totp';
import { AUDIT_ACTION, insertAuditEvent } from '../audit/audit.repository';
import { findSignInUser, promotePendingMfaSecret, setPendingMfaSecret } from './credentials.repository';

/** How long a new authenticator secret waits for its first code (or its confirmation) before it lapses. */
export const MFA_ENROLMENT_TTL_MS = 15 * 60 * 1000;

/**
 * Starts authenticator enrolment: a new secret, kept pending for 15 minutes (the enrolled secret, if any, stays in
 * force until the new one is confirmed). Answers the enrolment to show once: secret, otpauth URL and QR code.
 * Used by sign-in, auth/getSecret and self sign-up.
 */
export async function startEnrollment(
  db: TDbOrTx,
  user: { id: number; username: string },
  now: Date,
): Promise<TMfaEnrollment> {
  const secret = generateTotpSecret();
  await setPendingMfaSecret(db, user.id, secret, new Date(now.getTime() + MFA_ENROLMENT_TTL_MS));
  return enrollmentFor(secret, user.username);
}

/**
 * Confirms the enrolment started with auth/getSecret (updateUser `{ enableMFA: true, mfaSecret }`): the secret
 * sent must be the user's unexpired pending one (compared in constant time). It becomes the enrolled secret and
 * multi-factor is turned on. Throws BAD_REQUEST with the spec-style message otherwise.
 */
export async function confirmEnrollment(db: TDbOrTx, userId: number, mfaSecret: string, now: Date): Promise<void> {
  const found = await findSignInUser(db, userId);
  const pending = found?.user.mfaPendingSecret;
  const expiresAt = found?.user.mfaPendingExpiresAt;
  const isValid = pending != null && expiresAt != null && expiresAt > now && safeEqual(pending, mfaSecret);
  if (!found || !isValid || !(await promotePendingMfaSecret(db, userId, pending))) {
    throw new AppError('BAD_REQUEST', MSG.mfaEnrolmentExpired);
  }
  await insertAuditEvent(db, {
    action: AUDIT_ACTION.mfaEnrolled,
    pid: found.user.pid,
    actorUserId: userId,
    userId,
    data: { via: 'confirmation' },
  });
}

/**
 * The ticket for the code step of a multi-factor sign-in (five minutes, not a session token). Sign-up answers it
 * as `signIn.secret`; auth/authorize takes it back with the code.
 */
export function createSignInTicket(
  deps: Pick<TAppDeps, 'config' | 'clock'>,
  username: string,
  stayLoggedIn: boolean,
): Promise<string> {
  const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
  return signTicket(deps.config.tokenSecret, { username, stayLoggedIn }, nowSeconds);
}

/** auth/getSecret: a new pending secret for the signed-in caller, shown once; updateUser confirms it. */
export async function startCallerEnrollment(
  deps: Pick<TAppDeps, 'db' | 'clock'>,
  actor: TActor,
  ip: string,
): Promise<TMfaEnrollment> {
  return deps.db.transaction(async (tx) => {
    const enrollment = await startEnrollment(tx, { id: actor.userId, username: actor.username }, deps.clock());
    await insertAuditEvent(tx, {
      action: AUDIT_ACTION.mfaEnrolmentStarted,
      pid: actor.pid,
      actorUserId: actor.userId,
      userId: actor.userId,
      ip,
    });
    return enrollment;
  });
}
