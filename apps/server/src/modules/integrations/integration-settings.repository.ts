import { eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { integrationSettings } from '../../db/schema';

export type TIntegrationRow = typeof integrationSettings.$inferSelect;
export type TErpSettings = { baseUrl: string; config: string; username: string };
export type TCrmSettings = { instanceUrl: string; clientId: string };

export async function findIntegrationRow(db: TDbOrTx, pid: string): Promise<TIntegrationRow | null> {
  const [row] = await db.select().from(integrationSettings).where(eq(integrationSettings.pid, pid));
  return row ?? null;
}

/** Writes the given columns of a platform's row, creating it when missing. */
export async function saveIntegrationRow(
  db: TDbOrTx,
  pid: string,
  values: Partial<Omit<TIntegrationRow, 'pid' | 'updatedAt'>>,
): Promise<TIntegrationRow> {
  const [row] = await db
    .insert(integrationSettings)
    .values({ pid, ...values })
    .onConflictDoUpdate({ target: integrationSettings.pid, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error(`Integration settings of ${pid} neither inserted nor updated`);
  return row;
}
