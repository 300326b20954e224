import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TDbOrTx } from '../db/client';
import { roles, sessions, users } from '../db/schema';
import { verifySessionToken } from '../lib/tokens';

/** The signed-in caller, as every service sees it. */
export type TActor = {
  userId: number;
  username: string;
  roleId: string;
  roleLevel: number;
  pid: string;
  sessionId: string;
};

/**
 * Resolves a bearer token to the caller: the token must verify, and its session must exist, be unrevoked and
 * unexpired, so sign-out and password changes take effect at once. Null for anything else.
 */
export async function resolveActor(
  db: TDbOrTx,
  secret: Uint8Array,
  authorization: string | undefined,
  now: Date,
): Promise<TActor | null> {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) return null;
  const claims = await verifySessionToken(secret, match[1]);
  if (!claims) return null;
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      roleId: users.roleId,
      roleLevel: roles.roleLevel,
      pid: users.pid,
      sessionId: sessions.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(sessions.id, claims.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || row.username !== claims.username) return null;
  return row;
}
