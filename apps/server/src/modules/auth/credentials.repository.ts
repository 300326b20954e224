import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { platforms, roles, users } from '../../db/schema';
import type { TRoleRow, TUserRow } from '../../lib/user-view';

/** A user with what signing in needs to know of their role and platform. */
export type TSignInUser = { user: TUserRow; role: TRoleRow; platform: { requireMfa: boolean } };

const signInSelect = {
  user: users,
  role: { name: roles.name, roleLevel: roles.roleLevel },
  platform: { requireMfa: platforms.requireMfa },
};

/** The user with this (normalised) username or id, with role and platform; null when there is none. */
export async function findSignInUser(db: TDbOrTx, key: string | number): Promise<TSignInUser | null> {
  const [row] = await db
    .select(signInSelect)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(platforms, eq(platforms.id, users.pid))
    .where(typeof key === 'number' ? eq(users.id, key) : eq(users.username, key))
    .limit(1);
  return row ?? null;
}

/** After a successful sign-in: the user shows as online. */
export async function markSignedIn(db: TDbOrTx, userId: number): Promise<TUserRow> {
  const [row] = await db.update(users).set({ isLoggedIn: true }).where(eq(users.id, userId)).returning();
  if (!row) throw new Error('Signed-in user vanished');
  return row;
}

export async function markSignedOut(db: TDbOrTx, userId: number): Promise<void> {
  await db.update(users).set({ isLoggedIn: false }).where(eq(users.id, userId));
}

/** Stores a not-yet-confirmed authenticator secret; it replaces any earlier pending one. */
export async function setPendingMfaSecret(db: TDbOrTx, userId: number, secret: string, expiresAt: Date): Promise<void> {
  await db.update(users).set({ mfaPendingSecret: secret, mfaPendingExpiresAt: expiresAt }).where(eq(users.id, userId));
}

/** Makes the pending secret the enrolled one and turns multi-factor on; false when the pending secret changed. */
export async function promotePendingMfaSecret(db: TDbOrTx, userId: number, secret: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaSecret: secret, enableMfa: true, mfaPendingSecret: null, mfaPendingExpiresAt: null })
    .where(and(eq(users.id, userId), eq(users.mfaPendingSecret, secret)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Records that the code of time step `step` was used, only if it is later than the last used one: the atomic
 * guard that makes each code count once even when two requests race. False when the step was already spent.
 */
export async function claimMfaStep(db: TDbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastUsedStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastUsedStep), lt(users.mfaLastUsedStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}
