import type { TDbOrTx } from '../../db/client';
import { signSessionToken } from '../../lib/tokens';
import { insertSession } from './sessions.repository';

/** A working day for an ordinary sign-in; thirty days with 'Keep me logged in on this computer'. */
export const SESSION_TTL_SECONDS = { normal: 12 * 60 * 60, stayLoggedIn: 30 * 24 * 60 * 60 } as const;

/** Opens a session for a user who has passed every sign-in step, and signs its token. */
export async function issueSession(
  db: TDbOrTx,
  tokenSecret: Uint8Array,
  user: { id: number; username: string },
  options: { now: Date; stayLoggedIn: boolean; ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: number }> {
  const ttl = options.stayLoggedIn ? SESSION_TTL_SECONDS.stayLoggedIn : SESSION_TTL_SECONDS.normal;
  const expiresAt = Math.floor(options.now.getTime() / 1000) + ttl;
  const sessionId = await insertSession(db, {
    userId: user.id,
    expiresAt: new Date(expiresAt * 1000),
    ip: options.ip,
    userAgent: options.userAgent,
  });
  const token = await signSessionToken(tokenSecret, { username: user.username, sessionId, expiresAt });
  return { token, expiresAt };
}
