import { ROLE_ID } from '@cpq/contracts';
import { and, asc, count, eq, like, lte, or, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { roles, users } from '../../db/schema';
import { atVersion, nextVersion } from '../../lib/versioning';

// Roles are shared by every platform (a role id is global), so these queries carry no platform filter.

export type TRoleRecord = typeof roles.$inferSelect;

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  roleLevel: roles.roleLevel,
  showsMargin: roles.showsMargin,
  version: roles.version,
};
export type TRoleView = {
  id: string;
  name: string;
  description: string;
  roleLevel: number;
  showsMargin: boolean;
  version: number;
};

/** Roles at or below a level, by level then name. */
export async function listRolesUpTo(db: TDbOrTx, maxLevel: number): Promise<TRoleView[]> {
  return db
    .select(roleColumns)
    .from(roles)
    .where(lte(roles.roleLevel, maxLevel))
    .orderBy(asc(roles.roleLevel), asc(roles.name), asc(roles.id));
}

export async function findRole(db: TDbOrTx, id: string): Promise<TRoleView | null> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id)).limit(1);
  return row ?? null;
}

/** The role new users get when none is chosen: `public` if it exists, else any level-0 role. */
export async function findDefaultRole(db: TDbOrTx): Promise<TRoleView | null> {
  const [row] = await db
    .select(roleColumns)
    .from(roles)
    .where(eq(roles.roleLevel, 0))
    .orderBy(sql`${roles.id} = ${ROLE_ID.public} desc`, asc(roles.id))
    .limit(1);
  return row ?? null;
}

/** Ids equal to `base` or of the form `base-<anything>`: the candidates a new slug must avoid. */
export async function findRoleIdsLike(db: TDbOrTx, base: string): Promise<string[]> {
  const escaped = base.replace(/[\\%_]/g, (char) => `\\${char}`);
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(or(eq(roles.id, base), like(roles.id, `${escaped}-%`)));
  return rows.map((row) => row.id);
}

/** Inserts a role; null when the id was taken meanwhile. */
export async function insertRole(db: TDbOrTx, role: Omit<TRoleView, 'version'>): Promise<TRoleView | null> {
  const [row] = await db.insert(roles).values(role).onConflictDoNothing().returning(roleColumns);
  return row ?? null;
}

export async function updateRoleRow(
  db: TDbOrTx,
  id: string,
  patch: Partial<Omit<TRoleView, 'id' | 'version'>>,
  expectedVersion?: number,
): Promise<TRoleView | null> {
  const [row] = await db
    .update(roles)
    .set({ ...patch, version: nextVersion(roles.version) })
    .where(and(eq(roles.id, id), atVersion(roles.version, expectedVersion)))
    .returning(roleColumns);
  return row ?? null;
}

export async function countUsersWithRole(db: TDbOrTx, id: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.roleId, id));
  return Number(row?.value ?? 0);
}

export async function deleteRoleRow(db: TDbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(roles)
    .where(and(eq(roles.id, id)))
    .returning({ id: roles.id });
  return rows.length === 1;
}
