import type { TDbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';

/*
 * The one writer of `audit_events`: account events (`insertAuditEvent`) and administrative changes
 * (`insertChangeEvents`) share the table and this file.
 */

/** The security events of user accounts (the auth module's). */
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

/**
 * One audited administrative change: who did what to which record, with the names of the changed fields (never
 * their values when they are secrets). Stored with action `<entity>.<verb>`, e.g. `user.updated`.
 */
/** The steps of a quote's approval, each an event of its own (`quoteApproval.approved`). */
export type TApprovalVerb = 'submitted' | 'approved' | 'rejected' | 'withdrawn';

export type TChangeEvent = {
  entity:
    | 'user'
    | 'role'
    | 'platform'
    | 'product'
    | 'productModel'
    | 'modelDraft'
    | 'customer'
    | 'priceList'
    | 'approvalRule'
    | 'quoteApproval'
    | 'address'
    | 'statusType'
    | 'quote'
    | 'quoteLine'
    | 'configuration'
    | 'mail'
    | 'integrationSettings'
    | 'rma'
    | 'job'
    | 'quoteShare';
  /** `withheld`: a mail kept from some of its recipients (the mail limits); `accepted`: a quote accepted through its link. */
  verb: 'created' | 'updated' | 'deleted' | 'withheld' | 'accepted' | TApprovalVerb;
  entityId: string | number;
  pid: string | null;
  actorUserId: number | null;
  data?: Record<string, unknown>;
  ip?: string | null;
};

/** Records change events in the caller's transaction, so an event exists if and only if its change committed. */
export async function insertChangeEvents(db: TDbOrTx, events: TChangeEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(auditEvents).values(
    events.map((event) => ({
      action: `${event.entity}.${event.verb}`,
      entity: event.entity,
      entityId: String(event.entityId),
      pid: event.pid,
      actorUserId: event.actorUserId,
      data: event.data ?? null,
      ip: event.ip ?? null,
    })),
  );
}
