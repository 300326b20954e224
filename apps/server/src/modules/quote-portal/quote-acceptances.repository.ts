import type { TPortalAcceptance } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { quoteAcceptances } from '../../db/schema';
import type { TAcceptanceRow } from './quote-shares.repository';

export type TAcceptanceInsert = Omit<typeof quoteAcceptances.$inferInsert, 'id' | 'signedDocumentPath'>;

/**
 * Stores a quote's acceptance once: a second one for the same quote (two accepts racing past their checks) stores
 * nothing and answers null, and the caller answers the first.
 */
export async function insertAcceptanceOnce(db: TDbOrTx, values: TAcceptanceInsert): Promise<TAcceptanceRow | null> {
  const [row] = await db
    .insert(quoteAcceptances)
    .values(values)
    .onConflictDoNothing({ target: quoteAcceptances.quoteId })
    .returning();
  return row ?? null;
}

/** Points the acceptance at its stored signed quote. */
export async function setSignedDocumentPath(db: TDbOrTx, id: number, path: string): Promise<void> {
  await db.update(quoteAcceptances).set({ signedDocumentPath: path }).where(eq(quoteAcceptances.id, id));
}

/** The acceptance as the link answers it. */
export function toPortalAcceptance(row: TAcceptanceRow): TPortalAcceptance {
  return {
    signerName: row.signerName,
    signerTitle: row.signerTitle,
    acceptedAt: row.acceptedAt.toISOString(),
    orderId: row.quoteId,
    documentHash: row.documentHash,
    paidBy: row.paidBy === 'card' ? 'card' : 'po',
    poNumber: row.poNumber,
  };
}
