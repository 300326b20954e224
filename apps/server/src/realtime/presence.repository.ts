import type { TOnlineUser } from '@cpq/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TDbOrTx } from '../db/client';
import { users } from '../db/schema';

/**
 * Of the given (connected) users, those of platform `pid` who are signed in, by username. Filtering by platform
 * here as well keeps a socket of one tenant from ever listing another tenant's users.
 */
export async function findOnlineUsers(db: TDbOrTx, pid: string, userIds: number[]): Promise<TOnlineUser[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.pid, pid), inArray(users.id, userIds), eq(users.isLoggedIn, true)))
    .orderBy(asc(users.username));
}

/** Records whether a user is signed in (the users list's online indicator). */
export async function setLoggedIn(db: TDbOrTx, userId: number, isLoggedIn: boolean): Promise<void> {
  await db.update(users).set({ isLoggedIn }).where(eq(users.id, userId));
}
