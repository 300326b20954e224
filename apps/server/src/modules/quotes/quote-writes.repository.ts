import type { TAddress, TCommunication } from '@cpq/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { addresses, communications, quoteLines, quotes } from '../../db/schema';
import { atVersion, conflict } from '../../lib/versioning';
import { type TAddressValues, toAddress } from '../addresses/addresses.repository';
import type { TQuoteInsert, TQuoteLineRow, TQuoteRow } from './quotes.repository';

/** The quote columns updateQuote, setQuoteCustomer, lockQuote and the quote-request steps write. */
export type TQuoteValues = Partial<
  Pick<
    TQuoteInsert,
    | 'name'
    | 'notes'
    | 'statusTypeId'
    | 'poNumber'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'altPhone'
    | 'companyName'
    | 'sameAsBilling'
    | 'billingAddressId'
    | 'shippingAddressId'
    | 'contactId'
    | 'erpId'
    | 'discountPercent'
    | 'isLocked'
    | 'createdByUserId'
    | 'createdByEmail'
    | 'type'
  >
>;

/** Writes the quote's fields and bumps its version; run with the quote row locked. */
export async function updateQuoteRow(db: TDbOrTx, id: number, values: TQuoteValues): Promise<TQuoteRow> {
  const [row] = await db
    .update(quotes)
    .set({ ...values, version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
    .where(eq(quotes.id, id))
    .returning();
  if (!row) throw new Error(`Quote ${id} vanished inside its transaction`);
  return row;
}

/** Deletes a quote; its lines, comments and own addresses go by their cascading foreign keys. */
export async function deleteQuoteRow(db: TDbOrTx, id: number): Promise<void> {
  await db.delete(quotes).where(eq(quotes.id, id));
}

/**
 * Copies every line of one quote onto another with new GUIDs and no documents, in one statement. Prices are held to
 * cents as every priced line is (the money module's unitPrice; round() on numeric is half away from zero too), so a
 * copy of an order placed with sub-cent prices is priced by today's rule.
 */
export async function copyLines(db: TDbOrTx, fromQuoteId: number, toQuoteId: number, username: string) {
  await db.execute(sql`
    insert into ${quoteLines} (guid, quote_id, pid, product_id, configuration_id, quantity, price, sales_price, details,
      img_url, part_number, description, product_name, cfg_part_number, line_description, username, quote_created,
      is_non_configurable, company_id, header_id, discount_percent, list_price, price_list_price)
    select gen_random_uuid(), ${toQuoteId}, pid, product_id, configuration_id, quantity, round(price, 2),
      round(sales_price, 2), details,
      img_url, part_number, description, product_name, cfg_part_number, line_description, ${username}, quote_created,
      is_non_configurable, company_id, header_id, discount_percent, round(list_price, 2), round(price_list_price, 2)
    from ${quoteLines} where quote_id = ${fromQuoteId} order by id`);
}

/** Deletes a line; with `expected`, only at that line version (else MSG.conflict and nothing is deleted). */
export async function deleteLineRow(
  db: TDbOrTx,
  line: Pick<TQuoteLineRow, 'id' | 'quoteId'>,
  expected?: number,
): Promise<void> {
  const deleted = await db
    .delete(quoteLines)
    .where(
      and(eq(quoteLines.id, line.id), eq(quoteLines.quoteId, line.quoteId), atVersion(quoteLines.version, expected)),
    )
    .returning({ id: quoteLines.id });
  if (deleted.length === 0 && expected !== undefined) throw conflict();
}

/** Deletes the optional lines the customer left out of a quote; answers them (for the audit trail). */
export async function deleteUnselectedLines(db: TDbOrTx, quoteId: number): Promise<TQuoteLineRow[]> {
  return db
    .delete(quoteLines)
    .where(and(eq(quoteLines.quoteId, quoteId), eq(quoteLines.selected, false)))
    .returning();
}

/** An address the quote owns (not a customer's), or null. */
export async function findQuoteAddress(db: TDbOrTx, quoteId: number, id: number | null) {
  if (id === null) return null;
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.quoteId, quoteId)))
    .limit(1);
  return row ?? null;
}

type TQuoteAddressValues = Omit<TAddressValues, 'customerId'>;

/** Writes the quote's own address of a kind: updates the one it owns, or inserts a new one; answers its id. */
export async function saveQuoteAddress(
  db: TDbOrTx,
  quote: Pick<TQuoteRow, 'id' | 'pid'>,
  currentId: number | null,
  values: TQuoteAddressValues,
): Promise<number> {
  const owned = await findQuoteAddress(db, quote.id, currentId);
  if (owned) {
    await db
      .update(addresses)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(addresses.id, owned.id));
    return owned.id;
  }
  const [row] = await db
    .insert(addresses)
    .values({ ...values, pid: quote.pid, quoteId: quote.id, customerId: null })
    .returning({ id: addresses.id });
  return row!.id;
}

/** Deletes the quote's own address with this id (a customer's address is never touched). */
export async function deleteQuoteAddress(db: TDbOrTx, quoteId: number, id: number | null): Promise<void> {
  if (id === null) return;
  await db.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.quoteId, quoteId)));
}

/** Copies a customer's address as the quote's own billing or shipping address; answers the new id. */
export async function copyAddressToQuote(
  db: TDbOrTx,
  quote: Pick<TQuoteRow, 'id' | 'pid'>,
  address: TAddress,
): Promise<number> {
  const [row] = await db
    .insert(addresses)
    .values({
      pid: quote.pid,
      quoteId: quote.id,
      customerId: null,
      address: address.Address,
      address2: address.Address2,
      city: address.City,
      state: address.State,
      zip: address.Zip,
      country: address.Country,
      countryCode: address.CountryCode,
      addressType: address.AddressType,
      sameAsShipping: address.sameAsShipping,
    })
    .returning({ id: addresses.id });
  return row!.id;
}

/** A customer's addresses of one kind (1 billing, 2 shipping), oldest first. */
export async function customerAddresses(db: TDbOrTx, customerId: number, pid: string, addressType: 1 | 2) {
  const rows = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.pid, pid), eq(addresses.addressType, addressType)))
    .orderBy(asc(addresses.id));
  return rows.map(toAddress);
}

type TCommunicationRow = typeof communications.$inferSelect;

const toCommunication = (row: TCommunicationRow): TCommunication => ({
  id: row.id,
  comment: row.comment,
  username: row.username,
  quoteId: row.quoteId,
  date: row.date.toISOString(),
});

export async function insertCommunication(
  db: TDbOrTx,
  values: Pick<TCommunicationRow, 'quoteId' | 'pid' | 'userId' | 'username' | 'comment'>,
): Promise<TCommunication> {
  const [row] = await db.insert(communications).values(values).returning();
  return toCommunication(row!);
}

/** A quote's comments, oldest first. */
export async function listCommunications(db: TDbOrTx, quoteId: number): Promise<TCommunication[]> {
  const rows = await db
    .select()
    .from(communications)
    .where(eq(communications.quoteId, quoteId))
    .orderBy(asc(communications.date), asc(communications.id));
  return rows.map(toCommunication);
}
