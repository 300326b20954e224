import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDbOrTx } from '../../db/client';
import { customers, platforms, quotes, users } from '../../db/schema';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';

/** `lower(column)` is one of `emails` (already lower case): addresses are compared without regard to case. */
const oneOf = (column: AnyPgColumn, emails: string[]): SQL => inArray(sql`lower(${column})`, emails);

/**
 * Which of `emails` (lower case) the scope knows: its platforms' notification addresses, the usernames of its
 * users, the e-mails of its customers and the contact e-mails of its quotes. Answers the known ones, lower case.
 */
export async function findKnownAddresses(db: TDbOrTx, scope: TPlatformScope, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const lowered = (column: AnyPgColumn) => sql<string>`lower(${column})`;
  const [platformRows, userRows, customerRows, quoteRows] = await Promise.all([
    db.select({ addresses: platforms.emailAddresses }).from(platforms).where(pidFilter(platforms.id, scope)),
    db
      .selectDistinct({ email: lowered(users.username) })
      .from(users)
      .where(and(pidFilter(users.pid, scope), oneOf(users.username, emails))),
    db
      .selectDistinct({ email: lowered(customers.email) })
      .from(customers)
      .where(and(pidFilter(customers.pid, scope), oneOf(customers.email, emails))),
    db
      .selectDistinct({ email: lowered(quotes.email) })
      .from(quotes)
      .where(and(pidFilter(quotes.pid, scope), oneOf(quotes.email, emails))),
  ]);
  const wanted = new Set(emails);
  const known = new Set([...userRows, ...customerRows, ...quoteRows].map((row) => row.email));
  for (const row of platformRows) {
    for (const address of row.addresses) if (wanted.has(address.toLowerCase())) known.add(address.toLowerCase());
  }
  return known;
}
