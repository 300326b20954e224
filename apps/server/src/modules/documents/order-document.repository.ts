import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { documents, quotes } from '../../db/schema';
import type { TQuoteRow } from '../quotes/quotes.repository';

/** Whether the quote's printed quote of this revision is stored (an earlier run of the job stored it). */
export async function hasQuoteRevision(db: TDbOrTx, quoteId: number, revision: number): Promise<boolean> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.quoteId, quoteId),
        eq(documents.kind, 'quote'),
        isNull(documents.lineId),
        eq(documents.revision, revision),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Points an order at its printed document, with a new version; answers the order, null when it is gone. */
export async function setOrderDocument(db: TDbOrTx, quoteId: number, path: string): Promise<TQuoteRow | null> {
  const [row] = await db
    .update(quotes)
    .set({ currentPrintedDocument: path, version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
    .where(eq(quotes.id, quoteId))
    .returning();
  return row ?? null;
}
