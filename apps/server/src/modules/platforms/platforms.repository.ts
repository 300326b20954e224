import { and, asc, eq } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { platforms } from '../../db/schema';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';
import { atVersion, nextVersion } from '../../lib/versioning';

export type TPlatformRow = typeof platforms.$inferSelect;
export type TPlatformFields = Omit<typeof platforms.$inferInsert, 'createdAt' | 'updatedAt'>;

/** The platform with this id, if it is inside the scope. */
export async function findPlatform(db: TDbOrTx, scope: TPlatformScope, id: string): Promise<TPlatformRow | null> {
  const [row] = await db
    .select()
    .from(platforms)
    .where(and(eq(platforms.id, id), pidFilter(platforms.id, scope)))
    .limit(1);
  return row ?? null;
}

/** Whether a platform with this id exists (its id, as stored), whatever the caller's scope. */
export async function findPlatformId(db: TDbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.id, id)).limit(1);
  return row?.id ?? null;
}

/** True when some platform requires HTTPS. */
export async function isHttpsRequiredByAnyPlatform(db: TDbOrTx): Promise<boolean> {
  const rows = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.requireHttps, true)).limit(1);
  return rows.length > 0;
}

/** Every platform inside the scope, by id. */
export async function listPlatforms(db: TDbOrTx, scope: TPlatformScope): Promise<TPlatformRow[]> {
  return db.select().from(platforms).where(pidFilter(platforms.id, scope)).orderBy(asc(platforms.id));
}

/** Inserts a platform; null when the id is taken. */
export async function insertPlatform(db: TDbOrTx, fields: TPlatformFields): Promise<TPlatformRow | null> {
  const [row] = await db.insert(platforms).values(fields).onConflictDoNothing().returning();
  return row ?? null;
}

/** Updates a platform inside the scope; null when there is none. */
export async function updatePlatformRow(
  db: TDbOrTx,
  scope: TPlatformScope,
  id: string,
  patch: Partial<Omit<TPlatformFields, 'id'>>,
  now: Date,
  expectedVersion?: number,
): Promise<TPlatformRow | null> {
  const [row] = await db
    .update(platforms)
    .set({ ...patch, version: nextVersion(platforms.version), updatedAt: now })
    .where(and(eq(platforms.id, id), pidFilter(platforms.id, scope), atVersion(platforms.version, expectedVersion)))
    .returning();
  return row ?? null;
}
