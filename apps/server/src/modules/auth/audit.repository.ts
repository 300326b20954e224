import type { TDbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';

/** The security events the auth module records. */
export const AUDIT_ACTION = {
  signInSucceeded: 'auth.signIn.succeeded',
  signInFailed: 'auth.signIn.failed',
  signInThrottleCleared: 'auth.signIn.throttleCleared',
  signedOut: 'auth.signedOut',
  mfaEnrolmentStarted: 'auth.mfa.enrolmentStarted',
  mfaEnrolled: 'auth.mfa.enrolled',
  mfaMailboxCodeSent: 'auth.mfa.mailboxCodeSent',
  mfaReset: 'auth.mfa.reset',
  passwordResetRequested: 'auth.passwordReset.requested',
  passwordResetUsed: 'auth.passwordReset.used',
  newUserMailed: 'auth.newUser.mailed',
} as const;
export type TAuditAction = (typeof AUDIT_ACTION)[keyof typeof AUDIT_ACTION];

export type TAuditEvent = {
  action: TAuditAction;
  pid?: string | null;
  actorUserId?: number | null;
  /** The user the event is about. */
  userId?: number | null;
  /** Never a secret: reasons and flags only. */
  data?: Record<string, string | number | boolean | null>;
  ip?: string | null;
};

/** Appends an audit event about a user account. */
export async function insertAuditEvent(db: TDbOrTx, event: TAuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    action: event.action,
    entity: 'user',
    entityId: event.userId == null ? null : String(event.userId),
    pid: event.pid ?? null,
    actorUserId: event.actorUserId ?? null,
    data: event.data ?? null,
    ip: event.ip ?? null,
  });
}
