import { ADDRESS_TYPE, type TAddress, type TCustomer, type TPagedQuery } from '@cpq/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { addresses, customerSearchText, customers } from '../../db/schema';
import { countRows, type TPagedListSpec, toPageParts } from '../../lib/paged-query';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';
import { atVersion, nextVersion } from '../../lib/versioning';
import { toAddress } from '../addresses/addresses.repository';

type TCustomerRow = typeof customers.$inferSelect;
/** The columns the customer form writes. */
export type TCustomerValues = Pick<
  TCustomerRow,
  'firstName' | 'lastName' | 'email' | 'phone' | 'altPhone' | 'companyName' | 'erpId' | 'isDealer' | 'priceListId'
>;

const CUSTOMER_LIST: TPagedListSpec = {
  sortable: {
    id: customers.id,
    firstName: customers.firstName,
    lastName: customers.lastName,
    email: customers.email,
    phone: customers.phone,
    companyName: customers.companyName,
    erpId: customers.erpId,
    pid: customers.pid,
    createdAt: customers.createdAt,
  },
  // One expression over every searched column, so that the trigram index customers_search_trgm_idx serves it.
  searchable: [customerSearchText(customers)],
  // The spec's /Customers says "quoteId ascending", a field customers do not have: id is the nearest meaning.
  defaultOrder: [['id', 'ASC']],
  tieBreaker: customers.id,
};

function toCustomer(row: TCustomerRow, billingAddress: TAddress | null): TCustomer {
  return {
    version: row.version,
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    altPhone: row.altPhone,
    companyName: row.companyName,
    erpId: row.erpId,
    isDealer: row.isDealer,
    priceListId: row.priceListId,
    pid: row.pid,
    billingAddress,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Each customer's billing address (its first one, when there are several), in one query for a whole page. */
async function billingAddressesOf(db: TDbOrTx, customerIds: number[]): Promise<Map<number, TAddress>> {
  const byCustomer = new Map<number, TAddress>();
  if (customerIds.length === 0) return byCustomer;
  const rows = await db
    .select()
    .from(addresses)
    .where(and(inArray(addresses.customerId, customerIds), eq(addresses.addressType, ADDRESS_TYPE.Billing)))
    .orderBy(asc(addresses.id));
  for (const row of rows) {
    if (row.customerId !== null && !byCustomer.has(row.customerId)) byCustomer.set(row.customerId, toAddress(row));
  }
  return byCustomer;
}

async function withBillingAddresses(db: TDbOrTx, rows: TCustomerRow[]): Promise<TCustomer[]> {
  const billing = await billingAddressesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCustomer(row, billing.get(row.id) ?? null));
}

export async function listCustomers(db: TDbOrTx, scope: TPlatformScope, query: TPagedQuery) {
  const page = toPageParts(CUSTOMER_LIST, query);
  const where = and(pidFilter(customers.pid, scope), page.where);
  // Deferred join: the page's ids come from an index alone (no table reads for the rows an offset skips), then
  // only those rows are read, so a deep page costs little more than the first.
  const pageIds = db
    .select({ id: customers.id })
    .from(customers)
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(inArray(customers.id, pageIds))
      .orderBy(...page.orderBy),
    countRows(db.select({ value: count() }).from(customers).where(where)),
  ]);
  return { rows: await withBillingAddresses(db, rows), count: total };
}

function byId(scope: TPlatformScope, id: number): SQL | undefined {
  return and(eq(customers.id, id), pidFilter(customers.pid, scope));
}

/**
 * One customer inside the scope with its billing address; `forUpdate` locks the customer's row until the
 * transaction ends (which also holds off new addresses for it: their foreign key check waits for the lock).
 */
export async function findCustomer(db: TDbOrTx, scope: TPlatformScope, id: number, forUpdate = false) {
  const query = db.select().from(customers).where(byId(scope, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? ((await withBillingAddresses(db, [row]))[0] ?? null) : null;
}

export async function insertCustomer(db: TDbOrTx, values: TCustomerValues & { pid: string }): Promise<number> {
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
  return row!.id;
}

export async function updateCustomerRow(
  db: TDbOrTx,
  scope: TPlatformScope,
  id: number,
  patch: Partial<TCustomerValues>,
  expectedVersion?: number,
): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ ...patch, version: nextVersion(customers.version), updatedAt: sql`now()` })
    .where(and(byId(scope, id), atVersion(customers.version, expectedVersion)))
    .returning({ id: customers.id });
  return rows.length === 1;
}

export async function deleteCustomerRow(db: TDbOrTx, scope: TPlatformScope, id: number): Promise<boolean> {
  const rows = await db.delete(customers).where(byId(scope, id)).returning({ id: customers.id });
  return rows.length === 1;
}

/**
 * Deletes a customer's addresses, of one type when given (the form cleared the billing address; the customer is
 * deleted), answering them as they were.
 */
export async function deleteCustomerAddresses(
  db: TDbOrTx,
  customerId: number,
  addressType?: TAddress['AddressType'],
): Promise<TAddress[]> {
  const ofType = addressType === undefined ? undefined : eq(addresses.addressType, addressType);
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.customerId, customerId), ofType))
    .returning();
  return rows.map(toAddress);
}
