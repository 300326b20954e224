import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { addresses, jobs, quotes } from '../../db/schema';
import { listQuoteLines, type TQuoteRow } from '../quotes/quotes.repository';

/** The CRM's fields a hand-off writes on a new quote. */
export type THandoffFields = Pick<
  typeof quotes.$inferInsert,
  | 'salesforceOpportunityId'
  | 'sfQuoteNumber'
  | 'sfCustomer'
  | 'sfUserId'
  | 'sfUserAlias'
  | 'sfRepCode'
  | 'sfDivisionCode'
  | 'sfTerritoryCode'
  | 'sfRegionCode'
  | 'companyName'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'billingAddressId'
>;

/** Writes a hand-off's fields on a quote just created (no version raise: the quote is new) and answers it. */
export async function setHandoffFields(
  db: TDbOrTx,
  quoteId: number,
  values: THandoffFields,
): Promise<TQuoteRow | undefined> {
  const [row] = await db.update(quotes).set(values).where(eq(quotes.id, quoteId)).returning();
  return row;
}

/** Which quote this user of this platform already made for the CRM opportunity (the newest), if any. */
export async function findHandoffQuoteRow(
  db: TDbOrTx,
  pid: string,
  userId: number,
  opportunityId: string,
): Promise<TQuoteRow | null> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(
      and(eq(quotes.pid, pid), eq(quotes.createdByUserId, userId), eq(quotes.salesforceOpportunityId, opportunityId)),
    )
    .orderBy(desc(quotes.id))
    .limit(1);
  return row ?? null;
}

/** Changes a quote's CRM links or number as a user's edit (the version rises) and answers the quote after it. */
export async function updateCrmQuoteFields(
  db: TDbOrTx,
  quoteId: number,
  values: Partial<Pick<TQuoteRow, 'salesforceQuoteId' | 'sfQuoteNumber' | 'swiftsellQuoteId'>>,
): Promise<TQuoteRow | undefined> {
  const [after] = await db
    .update(quotes)
    .set({ ...values, version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
    .where(eq(quotes.id, quoteId))
    .returning();
  return after;
}

/** Where the quote's latest CRM sync job stands (its status), or undefined when none was ever queued. */
export async function findLatestCrmSyncStatus(db: TDbOrTx, pid: string, quoteId: number): Promise<string | undefined> {
  const [latest] = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(
      and(eq(jobs.pid, pid), eq(jobs.queue, 'crm.syncQuote'), sql`${jobs.payload}->>'quoteId' = ${String(quoteId)}`),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  return latest?.status;
}

/** Records the review (Quote_Gen) configuration the quote's pricing step came from. */
export async function setQuoteGenConfig(db: TDbOrTx, quoteId: number, quoteGenConfigId: string): Promise<void> {
  await db.update(quotes).set({ quoteGenConfigId }).where(eq(quotes.id, quoteId));
}

/** What the CRM sync sends of a quote: all its lines in order, and its billing address (if it has one). */
export async function findCrmSyncParts(db: TDbOrTx, quote: Pick<TQuoteRow, 'id' | 'billingAddressId'>) {
  const [lines, [billing]] = await Promise.all([
    listQuoteLines(db, quote.id),
    quote.billingAddressId
      ? db.select().from(addresses).where(eq(addresses.id, quote.billingAddressId))
      : Promise.resolve([]),
  ]);
  return { lines, billing };
}

/**
 * Records what the CRM answered (its opportunity, quote id and number, when it gave one). These are the CRM's
 * fields, not the user's, so the quote's version does not rise.
 */
export async function recordCrmState(
  db: TDbOrTx,
  quoteId: number,
  state: { opportunityId: string; salesforceQuoteId: string; sfQuoteNumber?: string | null },
): Promise<void> {
  await db
    .update(quotes)
    .set({
      salesforceOpportunityId: state.opportunityId,
      salesforceQuoteId: state.salesforceQuoteId,
      ...(state.sfQuoteNumber ? { sfQuoteNumber: state.sfQuoteNumber } : {}),
    })
    .where(eq(quotes.id, quoteId));
}
