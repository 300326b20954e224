import { QUOTE_TYPE } from '@cpq/contracts';
import { eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { quotes, users } from '../../db/schema';
import type { TQuoteRow } from '../quotes/quotes.repository';

/** The user's checkout type as stored now; undefined when the user is gone. */
export async function findCheckoutType(db: TDbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ checkoutType: users.checkoutType }).from(users).where(eq(users.id, userId));
  return row?.checkoutType;
}

/**
 * Makes the quote an order (type 2, placed at `placedAt`, the platform's integration, the PO number when given, no
 * status, no printed document yet) with a new version; answers the order.
 */
export async function markOrdered(
  db: TDbOrTx,
  quoteId: number,
  values: { placedAt: Date; integration: string; poNumber?: string },
): Promise<TQuoteRow | undefined> {
  const [order] = await db
    .update(quotes)
    .set({
      type: QUOTE_TYPE.Order,
      dateOrderPlaced: values.placedAt,
      integration: values.integration,
      ...(values.poNumber !== undefined ? { poNumber: values.poNumber } : {}),
      statusTypeId: null,
      // The order document View opens is printed by a job once this transaction commits (enqueueOrderDocument);
      // until then the order points at no printed document, not at a quote revision (those stay listed).
      currentPrintedDocument: null,
      version: sql`${quotes.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(quotes.id, quoteId))
    .returning();
  return order;
}
