import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';

/** Records a new session; its id goes into the token so the session can be revoked. */
export async function insertSession(
  db: TDbOrTx,
  fields: { userId: number; expiresAt: Date; ip?: string; userAgent?: string },
): Promise<string> {
  const [row] = await db.insert(sessions).values(fields).returning({ id: sessions.id });
  if (!row) throw new Error('Session insert returned no row');
  return row.id;
}

/** Revokes one session (sign-out). */
export async function revokeSession(db: TDbOrTx, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user except, optionally, the caller's own (after a password change). */
export async function revokeUserSessions(
  db: TDbOrTx,
  userId: number,
  now: Date,
  exceptSessionId?: string,
): Promise<void> {
  const filters = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) filters.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...filters));
}

/** True when the user has signed in successfully from this address before (any session, even an ended one). */
export async function isKnownSource(db: TDbOrTx, userId: number | undefined, ip: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId ?? 0), eq(sessions.ip, ip)))
    .limit(1);
  return rows.length > 0;
}

/** Every address the user has signed in from (any session, even an ended one). */
export async function listSignInAddresses(db: TDbOrTx, userId: number): Promise<string[]> {
  const known = await db.selectDistinct({ ip: sessions.ip }).from(sessions).where(eq(sessions.userId, userId));
  return known.flatMap((row) => (row.ip ? [row.ip] : []));
}
