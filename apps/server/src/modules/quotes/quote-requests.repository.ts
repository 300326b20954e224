import { QUOTE_TYPE, type TQuote } from '@cpq/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { quotes, roles, users } from '../../db/schema';
import { isRequestTaken } from './quotes.policy';
import type { TQuoteInsert, TQuoteRow } from './quotes.repository';

/** The owner of a quote request as far as taking it goes: their level decides whether it is still open. */
export type TRequestOwner = { id: number; username: string; firstName: string; lastName: string; roleLevel: number };

/** The owners of quote requests by user id (ids of the caller's rows, already scoped); a deleted user is absent. */
export async function findRequestOwners(db: TDbOrTx, userIds: readonly number[]): Promise<Map<number, TRequestOwner>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      roleLevel: roles.roleLevel,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(ids.length === 1 ? eq(users.id, ids[0]!) : inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findRequestOwner(db: TDbOrTx, userId: number): Promise<TRequestOwner | null> {
  return (await findRequestOwners(db, [userId])).get(userId) ?? null;
}

/**
 * Who asked for a quote request and who took it. Open (a public owner), the owner is the visitor; taken, the
 * owner is the taker and the visitor's address is the contact's (copied when it was taken). Null on other types.
 */
export function requestFieldsOf(
  row: Pick<TQuoteRow, 'type' | 'createdByEmail' | 'email'>,
  owner: TRequestOwner | null,
): Pick<TQuote, 'requestedBy' | 'takenBy'> {
  if (row.type !== QUOTE_TYPE.QuoteRequest) return { requestedBy: null, takenBy: null };
  return isRequestTaken(owner)
    ? { requestedBy: row.email, takenBy: row.createdByEmail }
    : { requestedBy: row.createdByEmail, takenBy: null };
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
