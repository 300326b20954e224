import { QUOTE_TYPE, type TQuote } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { TQuoteRow } from './quote-rows';
import { isRequestTaken } from './quotes.policy';

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
