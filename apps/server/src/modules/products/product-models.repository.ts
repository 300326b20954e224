import type { TModelSummary } from '@cpq/contracts';
import { and, asc, eq, max } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { productModels } from '../../db/schema';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';
import type { TModelVersionRef } from './product-trails';

type TModelRow = typeof productModels.$inferSelect;

export function toModelSummary(row: TModelRow): TModelSummary {
  return {
    id: row.id,
    source: 'uploaded',
    key: row.key,
    name: row.name,
    version: row.version,
    productId: row.productId,
    fileName: null,
    createdAt: row.createdAt.toISOString(),
    model: row.model as Record<string, unknown>,
  };
}

/** Every uploaded model version in the scope, by product then version. */
export async function listModelVersions(db: TDbOrTx, scope: TPlatformScope): Promise<TModelSummary[]> {
  const rows = await db
    .select()
    .from(productModels)
    .where(pidFilter(productModels.pid, scope))
    .orderBy(asc(productModels.productId), asc(productModels.version), asc(productModels.id));
  return rows.map(toModelSummary);
}

/** The platform of a model version inside the scope; null when there is none. */
export async function findModelPlatform(db: TDbOrTx, scope: TPlatformScope, id: number): Promise<string | null> {
  const [row] = await db
    .select({ pid: productModels.pid })
    .from(productModels)
    .where(and(eq(productModels.id, id), pidFilter(productModels.pid, scope)))
    .limit(1);
  return row?.pid ?? null;
}

/** The JSON and number of a model version inside the scope; null when there is none. */
export async function findModelVersionRow(db: TDbOrTx, scope: TPlatformScope, id: number) {
  const [row] = await db
    .select({ model: productModels.model, version: productModels.version })
    .from(productModels)
    .where(and(eq(productModels.id, id), pidFilter(productModels.pid, scope)))
    .limit(1);
  return row ?? null;
}

/** The number of a model version, without its JSON (which can be megabytes). */
export async function findModelVersionNumber(db: TDbOrTx, id: number): Promise<number | null> {
  const [row] = await db
    .select({ version: productModels.version })
    .from(productModels)
    .where(eq(productModels.id, id))
    .limit(1);
  return row?.version ?? null;
}

/** The next version number of a product's model; call with the product row locked so two saves cannot collide. */
export async function nextModelVersion(db: TDbOrTx, productId: number): Promise<number> {
  const [row] = await db
    .select({ value: max(productModels.version) })
    .from(productModels)
    .where(eq(productModels.productId, productId));
  return (row?.value ?? 0) + 1;
}

export async function insertModelVersion(
  db: TDbOrTx,
  values: Omit<typeof productModels.$inferInsert, 'id' | 'createdAt'>,
): Promise<TModelRow> {
  const [row] = await db.insert(productModels).values(values).returning();
  return row!;
}

/**
 * Unlinks a product's model versions from it before the product is deleted (the versions stay for the quote lines
 * that use them), answering them: done here rather than by the foreign key's `set null`, so that each has its
 * change event.
 */
export async function unlinkModelVersions(db: TDbOrTx, productId: number): Promise<TModelVersionRef[]> {
  return db.update(productModels).set({ productId: null }).where(eq(productModels.productId, productId)).returning({
    id: productModels.id,
    pid: productModels.pid,
    productId: productModels.productId,
    version: productModels.version,
  });
}
