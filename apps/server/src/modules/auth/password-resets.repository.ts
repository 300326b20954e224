import { and, eq, isNull } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { passwordResets, users } from '../../db/schema';

export type TPasswordResetRow = typeof passwordResets.$inferSelect;

export async function insertPasswordReset(
  db: TDbOrTx,
  fields: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(fields);
}

/** Spends every unused request of a user, so only the newest link works. */
export async function invalidateUserResets(db: TDbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** The request with this token hash and its user's username; null when there is none. */
export async function findResetByHash(
  db: TDbOrTx,
  tokenHash: string,
): Promise<{ reset: TPasswordResetRow; username: string } | null> {
  const [row] = await db
    .select({ reset: passwordResets, username: users.username })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks a request used unless it already was (atomic: of two racing uses only one succeeds). */
export async function markResetUsed(db: TDbOrTx, resetId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}
