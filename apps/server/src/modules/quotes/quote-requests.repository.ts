import { QUOTE_TYPE, type TQuote } from '@cpq/contracts';
import { eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { quotes, users } from '../../db/schema';
import { isRequestTaken } from './quotes.policy';
import type { TQuoteInsert, TQuoteRow } from './quotes.repository';

/** A visitor's names, which fill an empty contact when their request is taken; null for a deleted user. */
export async function findVisitorNames(
  db: TDbOrTx,
  userId: number,
): Promise<{ firstName: string; lastName: string } | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Who asked for a quote request and, once a rep has taken it, who has it (its owner). Null on other types. */
export function requestFieldsOf(
  row: Pick<TQuoteRow, 'type' | 'createdByUserId' | 'createdByEmail' | 'requestedByUserId' | 'requestedByEmail'>,
): Pick<TQuote, 'requestedBy' | 'takenBy'> {
  if (row.type !== QUOTE_TYPE.QuoteRequest) return { requestedBy: null, takenBy: null };
  return { requestedBy: row.requestedByEmail, takenBy: isRequestTaken(row) ? row.createdByEmail : null };
}

/** What taking and converting a request write: its owner, the contact the visitor leaves, its type. */
export type TRequestValues = Partial<
  Pick<TQuoteInsert, 'createdByUserId' | 'createdByEmail' | 'email' | 'firstName' | 'lastName' | 'type'>
>;

/** Writes a request's owner, contact or type and bumps its version; run with the quote row locked. */
export async function updateRequestRow(db: TDbOrTx, id: number, values: TRequestValues): Promise<TQuoteRow> {
  const [row] = await db
    .update(quotes)
    .set({ ...values, version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
    .where(eq(quotes.id, id))
    .returning();
  if (!row) throw new Error(`Quote ${id} vanished inside its transaction`);
  return row;
}
