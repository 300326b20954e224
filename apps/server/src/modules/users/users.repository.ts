import type { TPagedQuery } from '@cpq/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { roles, users } from '../../db/schema';
import { countRows, type TPagedListSpec, toPageParts } from '../../lib/paged-query';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';
import type { TRoleRow, TUserRow } from '../../lib/user-view';
import { atVersion, nextVersion } from '../../lib/versioning';

/** A user row with the role fields the API shows. */
export type TUserWithRole = { user: TUserRow; role: TRoleRow };
export type TUserInsert = typeof users.$inferInsert;
export type TUserPatch = Partial<Omit<TUserInsert, 'id' | 'createdAt' | 'updatedAt'>>;

const userWithRole = { user: users, role: { name: roles.name, roleLevel: roles.roleLevel } };

/** The users list: sortable and searchable fields, default order online users first (spec: isLoggedIn DESC). */
export const USER_LIST: TPagedListSpec = {
  sortable: {
    id: users.id,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    roleLevel: roles.roleLevel,
    isLoggedIn: users.isLoggedIn,
    createdAt: users.createdAt,
  },
  searchable: [users.username, users.firstName, users.lastName],
  defaultOrder: [['isLoggedIn', 'DESC']],
  tieBreaker: users.id,
};

function selectUsers(db: TDbOrTx) {
  return db.select(userWithRole).from(users).innerJoin(roles, eq(roles.id, users.roleId));
}

export async function findUserById(db: TDbOrTx, scope: TPlatformScope, id: number): Promise<TUserWithRole | null> {
  const [row] = await selectUsers(db)
    .where(and(eq(users.id, id), pidFilter(users.pid, scope)))
    .limit(1);
  return row ?? null;
}

export async function findUserByUsername(
  db: TDbOrTx,
  scope: TPlatformScope,
  username: string,
): Promise<TUserWithRole | null> {
  const [row] = await selectUsers(db)
    .where(and(eq(users.username, username), pidFilter(users.pid, scope)))
    .limit(1);
  return row ?? null;
}

export async function findUsersByIds(db: TDbOrTx, scope: TPlatformScope, ids: number[]): Promise<TUserWithRole[]> {
  if (ids.length === 0) return [];
  return selectUsers(db).where(and(inArray(users.id, ids), pidFilter(users.pid, scope)));
}

/**
 * Whether any platform has this username. Deliberately unscoped: usernames are unique across all platforms (the
 * sign-in form has no platform), so a new account must not reuse one from another tenant.
 */
export async function usernameExists(db: TDbOrTx, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return row !== undefined;
}

/** One page of the scope's users and the count of all that match the search. */
export async function listUsers(
  db: TDbOrTx,
  scope: TPlatformScope,
  query: TPagedQuery,
): Promise<{ rows: TUserWithRole[]; count: number }> {
  const page = toPageParts(USER_LIST, query);
  const where = and(pidFilter(users.pid, scope), page.where);
  const rows = await selectUsers(db)
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const total = await countRows(
    db.select({ value: count() }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where),
  );
  return { rows, count: total };
}

export async function insertUser(db: TDbOrTx, values: TUserInsert): Promise<TUserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('User insert returned no row');
  return row;
}

/** Updates a user inside the scope; null when there is none. */
export async function updateUserRow(
  db: TDbOrTx,
  scope: TPlatformScope,
  id: number,
  patch: TUserPatch,
  now: Date,
  expectedVersion?: number,
): Promise<TUserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, version: nextVersion(users.version), updatedAt: now })
    .where(and(eq(users.id, id), pidFilter(users.pid, scope), atVersion(users.version, expectedVersion)))
    .returning();
  return row ?? null;
}

/** Deletes users inside the scope; answers how many went. Sessions and reset requests go with them (cascade). */
export async function deleteUserRows(db: TDbOrTx, scope: TPlatformScope, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(users)
    .where(and(inArray(users.id, ids), pidFilter(users.pid, scope)))
    .returning({ id: users.id });
  return rows.length;
}
