import { and, eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { productModels, products } from '../../db/schema';

type TProductModelInsert = Omit<typeof productModels.$inferInsert, 'id' | 'createdAt'>;
type TProductInsert = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The platform's first product with this ruleset (a built-in step's), with its current model; null if none. */
export async function findStepProduct(db: TDbOrTx, pid: string, ruleset: string) {
  const [row] = await db
    .select({ id: products.id, modelId: products.modelId })
    .from(products)
    .where(and(eq(products.pid, pid), eq(products.ruleset, ruleset)))
    .orderBy(products.id)
    .limit(1);
  return row ?? null;
}

/** A model's key and the edition its JSON declares (`version`, null when it has none); undefined when it is gone. */
export async function findModelEdition(db: TDbOrTx, modelId: number) {
  const [current] = await db
    .select({ key: productModels.key, edition: sql<number | null>`(${productModels.model}->>'version')::int` })
    .from(productModels)
    .where(eq(productModels.id, modelId));
  return current;
}

/** Locks the product's row for the transaction and answers its current model id (undefined: no product). */
export async function lockProductModelId(tx: TDbOrTx, productId: number): Promise<number | null | undefined> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  const [latest] = await tx.select({ modelId: products.modelId }).from(products).where(eq(products.id, productId));
  return latest?.modelId;
}

/** Writes a model version; answers its id. */
export async function insertModelVersion(db: TDbOrTx, values: TProductModelInsert): Promise<number | undefined> {
  const [version] = await db.insert(productModels).values(values).returning({ id: productModels.id });
  return version?.id;
}

/** Makes the model version the product's current one. */
export async function setProductModel(db: TDbOrTx, productId: number, modelId: number | null): Promise<void> {
  await db.update(products).set({ modelId }).where(eq(products.id, productId));
}

/** Writes a product unless its product number is taken on the platform; answers its id, undefined when taken. */
export async function insertProductOnce(db: TDbOrTx, values: TProductInsert): Promise<number | undefined> {
  const [created] = await db.insert(products).values(values).onConflictDoNothing().returning({ id: products.id });
  return created?.id;
}
