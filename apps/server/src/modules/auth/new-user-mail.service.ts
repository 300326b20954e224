import { MSG } from '@cpq/contracts';
import { withTransaction } from '../../db/transaction';
import type { TAppDeps } from '../../deps';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { AUDIT_ACTION, insertAuditEvent } from '../audit/audit.repository';
import { newUserMail } from './auth-mails';
import { findSignInUser } from './credentials.repository';
import { createPasswordReset, resetLinkFor } from './password-reset.service';
import { canManageUserOf } from './sign-in.policy';

/** A new user's set-password link stays valid for three days. */
export const NEW_USER_LINK_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * administration/emailNewUserPassword: mails a user of the caller's platform (any platform for level 9) their
 * sign-in address and a set-password link. A password given by the caller is ignored: passwords never go into a
 * mail, the outbox or a log. Users the caller may not manage are NOT_FOUND, as if they did not exist.
 */
export async function emailNewUserPassword(
  deps: TAppDeps,
  actor: TActor,
  username: string,
  client: { ip: string },
): Promise<{ sent: true }> {
  const found = await findSignInUser(deps.db, username);
  if (!found || !canManageUserOf(actor, found.user)) throw new AppError('NOT_FOUND', MSG.notFound);
  const now = deps.clock();
  await withTransaction(deps.db, deps.log, async (tx, afterCommit) => {
    const rawId = await createPasswordReset(tx, found.user.id, now, NEW_USER_LINK_TTL_MS);
    const link = resetLinkFor(deps.config.publicUrl, rawId);
    await deps.mailer.enqueue(tx, afterCommit, newUserMail(found.user, link, `${deps.config.publicUrl}/Login`));
    await insertAuditEvent(tx, {
      action: AUDIT_ACTION.newUserMailed,
      pid: found.user.pid,
      actorUserId: actor.userId,
      userId: found.user.id,
      ip: client.ip,
    });
  });
  return { sent: true };
}
