import { eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { crmOpportunities, crmQuotes } from '../../db/schema';

/**
 * The local opportunity with this reference: created unless one exists (a rerun finds the first), then read
 * back; answers its id.
 */
export async function ensureLocalOpportunity(
  db: TDbOrTx,
  values: { id: string; pid: string; name: string; accountId: string | null; externalRef: string },
): Promise<string> {
  await db.insert(crmOpportunities).values(values).onConflictDoNothing({ target: crmOpportunities.externalRef });
  const [row] = await db
    .select({ id: crmOpportunities.id })
    .from(crmOpportunities)
    .where(eq(crmOpportunities.externalRef, values.externalRef));
  if (!row) throw new Error('Local opportunity neither inserted nor found');
  return row.id;
}

/** Creates or updates the local CRM quote of our quote (one per quote); answers its id. */
export async function upsertLocalQuote(
  db: TDbOrTx,
  values: { pid: string; quoteId: number; opportunityId: string; name: string; totalPrice: string },
): Promise<number> {
  const [row] = await db
    .insert(crmQuotes)
    .values(values)
    .onConflictDoUpdate({
      target: crmQuotes.quoteId,
      set: {
        opportunityId: values.opportunityId,
        name: values.name,
        totalPrice: values.totalPrice,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: crmQuotes.id });
  if (!row) throw new Error('Local CRM quote neither inserted nor updated');
  return row.id;
}

/** Whether a local CRM quote with this id exists. */
export async function hasLocalQuote(db: TDbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: crmQuotes.id }).from(crmQuotes).where(eq(crmQuotes.id, id));
  return row !== undefined;
}
