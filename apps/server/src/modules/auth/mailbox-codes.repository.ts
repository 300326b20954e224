import { and, eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { users } from '../../db/schema';

const clearMailCode = { mfaMailCodeHash: null, mfaMailCodeExpiresAt: null, mfaMailCodeAttempts: 0 };

/** Stores a user's new mailbox code (its hash), replacing any earlier one, with no wrong tries yet. */
export async function storeMailCode(db: TDbOrTx, userId: number, hash: string, expiresAt: Date): Promise<void> {
  await db
    .update(users)
    .set({ mfaMailCodeHash: hash, mfaMailCodeExpiresAt: expiresAt, mfaMailCodeAttempts: 0 })
    .where(eq(users.id, userId));
}

/**
 * Counts a wrong try against the code the caller checked (`hash`); answers the tries so far, or undefined when that
 * code is no longer the user's (spent or replaced meanwhile).
 */
export async function countWrongMailCode(db: TDbOrTx, userId: number, hash: string): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ mfaMailCodeAttempts: sql`${users.mfaMailCodeAttempts} + 1` })
    .where(and(eq(users.id, userId), eq(users.mfaMailCodeHash, hash)))
    .returning({ attempts: users.mfaMailCodeAttempts });
  return row?.attempts;
}

/** Spends the code the caller checked, atomically: true for the one use that clears it, false when it is gone. */
export async function spendMailCode(db: TDbOrTx, userId: number, hash: string): Promise<boolean> {
  const spent = await db
    .update(users)
    .set(clearMailCode)
    .where(and(eq(users.id, userId), eq(users.mfaMailCodeHash, hash)))
    .returning({ id: users.id });
  return spent.length === 1;
}

/** Forgets a user's authenticator (enrolled and pending) and any mailed code. */
export async function forgetMfa(db: TDbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({
      mfaSecret: null,
      mfaPendingSecret: null,
      mfaPendingExpiresAt: null,
      mfaLastUsedStep: null,
      ...clearMailCode,
    })
    .where(eq(users.id, userId));
}
