import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { modelDrafts, productModels } from '../../db/schema';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';

export type TModelDraftRow = typeof modelDrafts.$inferSelect;

/** A product's draft, if it has one; `forUpdate` locks it until the transaction ends. */
export async function findDraftRow(db: TDbOrTx, productId: number, forUpdate = false): Promise<TModelDraftRow | null> {
  const query = db.select().from(modelDrafts).where(eq(modelDrafts.productId, productId)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Stores a product's first draft; null when one was stored meanwhile (the caller's version is then stale). */
export async function insertDraftRow(
  db: TDbOrTx,
  values: { pid: string; productId: number; model: unknown; updatedByEmail: string },
): Promise<TModelDraftRow | null> {
  const [row] = await db.insert(modelDrafts).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Writes a draft only if it is still at `version`, raising it; null when someone saved it in between. */
export async function updateDraftAt(
  db: TDbOrTx,
  productId: number,
  version: number,
  values: { model: unknown; updatedByEmail: string },
): Promise<TModelDraftRow | null> {
  const [row] = await db
    .update(modelDrafts)
    .set({ ...values, version: sql`${modelDrafts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(modelDrafts.productId, productId), eq(modelDrafts.version, version)))
    .returning();
  return row ?? null;
}

/** A product's published model versions in the scope, newest first, without their JSON. */
export async function listProductModelVersions(db: TDbOrTx, scope: TPlatformScope, productId: number) {
  return db
    .select({
      id: productModels.id,
      key: productModels.key,
      name: productModels.name,
      version: productModels.version,
      createdAt: productModels.createdAt,
      createdBy: productModels.createdByEmail,
    })
    .from(productModels)
    .where(and(eq(productModels.productId, productId), pidFilter(productModels.pid, scope)))
    .orderBy(desc(productModels.version));
}
