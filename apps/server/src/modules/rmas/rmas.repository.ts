import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { quoteLines, quotes, rmas } from '../../db/schema';
import { nextVersion } from '../../lib/versioning';

export type TRmaRow = typeof rmas.$inferSelect;
export type TRmaInsert = Omit<typeof rmas.$inferInsert, 'id' | 'createdAt'>;

/** The RMAs made before for any of these lines (one RMA per line). */
export function findRmasOfLines(db: TDbOrTx, lineIds: number[]): Promise<TRmaRow[]> {
  return db.select().from(rmas).where(inArray(rmas.lineId, lineIds));
}

/** Writes one RMA and answers it. */
export async function insertRma(db: TDbOrTx, values: TRmaInsert): Promise<TRmaRow> {
  const [row] = await db.insert(rmas).values(values).returning();
  if (!row) throw new Error('RMA insert returned no row');
  return row;
}

/** Marks the returned lines and their order as having RMAs, raising the versions of both as any edit does. */
export async function markRmaCreated(db: TDbOrTx, orderId: number, lineIds: number[]): Promise<void> {
  await db
    .update(quoteLines)
    .set({ rmaCreated: true, version: nextVersion(quoteLines.version) })
    .where(inArray(quoteLines.id, lineIds));
  await db
    .update(quotes)
    .set({ rmaCreated: true, version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
    .where(eq(quotes.id, orderId));
}

/** The RMAs of an order, in the order they were made. */
export function listRmasOfOrder(db: TDbOrTx, orderId: number): Promise<TRmaRow[]> {
  return db.select().from(rmas).where(eq(rmas.quoteId, orderId)).orderBy(asc(rmas.id));
}
