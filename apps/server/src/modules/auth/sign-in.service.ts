import { MSG, type TLoginResult, type TParsedRequestOf, type TSession } from '@cpq/contracts';
import type { TTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import type { TAppDeps } from '../../deps';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/passwords';
import { matchTotpStep } from '../../lib/totp';
import { toUserView } from '../../lib/user-view';
import { AUDIT_ACTION, insertAuditEvent } from '../audit/audit.repository';
import {
  claimMfaStep,
  findSignInUser,
  markSignedIn,
  markSignedOut,
  promotePendingMfaSecret,
  type TSignInUser,
} from './credentials.repository';
import { sendMailboxCode } from './mailbox-check.service';
import { createSignInTicket } from './mfa.service';
import { enforceRateLimit } from './rate-limits';
import { issueSession } from './session.service';
import { isKnownSource, revokeSession } from './sessions.repository';
import { hasAuthenticator, needsMfa, secretForCode } from './sign-in.policy';
import { checkSignInThrottle, clearSignInThrottle, recordSignInFailure } from './sign-in-throttle';
import { ticketHolder } from './sign-in-ticket';

/** Who is calling, for sessions, rate limits and the audit trail. */
export type TClient = { ip: string; userAgent?: string };

/** Tells live clients of the platform who is online; a failure there must not fail a sign-in that committed. */
async function publishPresence(deps: TAppDeps, pid: string): Promise<void> {
  try {
    await deps.realtime.publishPresence(pid);
  } catch {
    // Presence is best effort; the next user event corrects it.
  }
}

/**
 * Records a failed password or code: audits it and counts it in the sign-in throttle (per account and per account
 * and address). Always throws the step's own error; the throttle answers the next attempt if it must wait.
 */
async function failSignIn(
  deps: TAppDeps,
  username: string,
  found: TSignInUser | null,
  client: TClient,
  step: 'password' | 'passcode',
): Promise<never> {
  const user = found?.user;
  await insertAuditEvent(deps.db, {
    action: AUDIT_ACTION.signInFailed,
    pid: user?.pid,
    userId: user?.id,
    ip: client.ip,
    data: { step, reason: user ? `wrong ${step}` : 'unknown user' },
  });
  await recordSignInFailure(deps.limiter, username, client.ip);
  throw step === 'password'
    ? new AppError('INVALID_CREDENTIALS', MSG.invalidCredentials)
    : new AppError('INVALID_PASSCODE', MSG.incorrectPasscode);
}

/**
 * Opens the session of a user who passed every step, in the transaction that records it: the one way a session is
 * issued (sign-in, the code step, and the configurator's visitor account).
 */
export async function completeSignIn(
  deps: TAppDeps,
  found: TSignInUser,
  client: TClient,
  stayLoggedIn: boolean,
  beforeSignIn: (tx: TTx) => Promise<boolean> = async () => true,
  /** How the sign-in came about, for the audit trail: `salesforce` for the CRM hand-off's login (fromSalesforce). */
  via?: 'salesforce',
): Promise<TSession | null> {
  const now = deps.clock();
  const session = await deps.db.transaction(async (tx) => {
    if (!(await beforeSignIn(tx))) return null;
    const row = await markSignedIn(tx, found.user.id);
    const issued = await issueSession(tx, deps.config.tokenSecret, row, {
      now,
      stayLoggedIn,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    await insertAuditEvent(tx, {
      action: AUDIT_ACTION.signInSucceeded,
      pid: row.pid,
      actorUserId: row.id,
      userId: row.id,
      ip: client.ip,
      data: via ? { stayLoggedIn, via } : { stayLoggedIn },
    });
    return { ...issued, user: toUserView(row, found.role) };
  });
  if (session) await publishPresence(deps, found.user.pid);
  return session;
}

/**
 * The password step. Unknown users are checked against a dummy hash so the answer takes as long and reads the same
 * as for a wrong password. With multi-factor it answers a ticket and no session; a user without an authenticator
 * is mailed a code for auth/confirmMailbox, which answers the enrolment (the password alone never does).
 */
export async function login(
  deps: TAppDeps,
  body: TParsedRequestOf<'auth/login'>,
  client: TClient,
): Promise<TLoginResult> {
  await enforceRateLimit(deps.limiter, 'loginPerIp', client.ip);
  const found = await findSignInUser(deps.db, body.username);
  // Known and unknown usernames take the same path: the lookup runs for both, the counts are kept by username.
  const isKnown = await isKnownSource(deps.db, found?.user.id, client.ip);
  await checkSignInThrottle(deps, { username: body.username, ip: client.ip, isKnownSource: isKnown });
  const passwordHash = found?.user.passwordHash ?? (await DUMMY_PASSWORD_HASH);
  const isValid = await verifyPassword(passwordHash, body.password);
  if (!found || !isValid) return failSignIn(deps, body.username, found, client, 'password');

  const { user, platform } = found;
  if (needsMfa(user, platform)) {
    // No authenticator yet: the secret is answered only after the mailbox check (auth/confirmMailbox).
    const mailboxCheck = !hasAuthenticator(user);
    if (mailboxCheck) {
      await withTransaction(deps.db, deps.log, (tx, afterCommit) =>
        sendMailboxCode(deps, tx, afterCommit, user, client.ip),
      );
    }
    const secret = await createSignInTicket(deps, user.username, body.stayLoggedIn);
    return { mfaRequired: true, platformRequiresMFA: platform.requireMfa, secret, mailboxCheck, enrollment: null };
  }
  const via = body.fromSalesforce ? 'salesforce' : undefined;
  const session = await completeSignIn(deps, found, client, body.stayLoggedIn, undefined, via);
  if (!session) throw new Error('Sign-in without a precondition did not complete');
  await clearSignInThrottle(deps.limiter, body.username, [client.ip]);
  return { mfaRequired: false, platformRequiresMFA: false, ...session };
}

/**
 * The code step: the ticket from the password step (or sign-up) plus a six-digit code from the authenticator. Each
 * code is accepted once; during a first enrolment the pending secret becomes the enrolled one.
 */
export async function authorize(
  deps: TAppDeps,
  body: TParsedRequestOf<'auth/authorize'>,
  client: TClient,
): Promise<TSession> {
  const now = deps.clock();
  const { ticket, found } = await ticketHolder(deps, { username: body.username, secret: body.secret }, client.ip, now);
  const source = secretForCode(found.user, now);
  if (!source) throw new AppError('BAD_REQUEST', MSG.mfaEnrolmentExpired);

  const step = matchTotpStep(source.secret, found.user.username, body.token, now);
  if (step === null) return failSignIn(deps, body.username, found, client, 'passcode');
  const userId = found.user.id;
  const session = await completeSignIn(deps, found, client, ticket.stayLoggedIn || body.stayLoggedIn, async (tx) => {
    if (!(await claimMfaStep(tx, userId, step))) return false;
    if (!source.isPending) return true;
    if (!(await promotePendingMfaSecret(tx, userId, source.secret))) return false;
    await insertAuditEvent(tx, {
      action: AUDIT_ACTION.mfaEnrolled,
      pid: found.user.pid,
      actorUserId: userId,
      userId,
      ip: client.ip,
      data: { via: 'sign-in' },
    });
    return true;
  });
  // A code already used (or raced by another request) counts as a wrong one.
  if (!session) return failSignIn(deps, body.username, found, client, 'passcode');
  await clearSignInThrottle(deps.limiter, body.username, [client.ip]);
  return session;
}

/** Signs the caller out: their session stops working at once and they show as offline. */
export async function logout(deps: TAppDeps, actor: TActor, client: TClient): Promise<{ ok: true }> {
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId, deps.clock());
    await markSignedOut(tx, actor.userId);
    await insertAuditEvent(tx, {
      action: AUDIT_ACTION.signedOut,
      pid: actor.pid,
      actorUserId: actor.userId,
      userId: actor.userId,
      ip: client.ip,
    });
  });
  await publishPresence(deps, actor.pid);
  return { ok: true };
}
