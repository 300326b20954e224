import type { TAddress, TAddressPatch, TPagedQuery } from '@cpq/contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { addresses, customers } from '../../db/schema';
import { countRows, type TPagedListSpec, toPageParts } from '../../lib/paged-query';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';
import { atVersion, nextVersion } from '../../lib/versioning';

type TAddressRow = typeof addresses.$inferSelect;
/** The columns an address form writes. */
export type TAddressValues = Pick<
  TAddressRow,
  'address' | 'address2' | 'city' | 'state' | 'zip' | 'addressType' | 'customerId' | 'sameAsShipping'
>;

const ADDRESS_LIST: TPagedListSpec = {
  sortable: {
    id: addresses.id,
    Address: addresses.address,
    Address2: addresses.address2,
    City: addresses.city,
    State: addresses.state,
    Zip: addresses.zip,
    AddressType: addresses.addressType,
    customerId: addresses.customerId,
  },
  searchable: [addresses.address, addresses.city, addresses.state, addresses.zip],
  defaultOrder: [['Address', 'ASC']],
  tieBreaker: addresses.id,
};

/** The API's address, in the spec's field names. */
export function toAddress(row: TAddressRow): TAddress {
  return {
    version: row.version,
    id: row.id,
    Address: row.address,
    Address2: row.address2,
    City: row.city,
    State: row.state as TAddress['State'],
    Zip: row.zip,
    Country: row.country,
    CountryCode: row.countryCode,
    AddressType: row.addressType === 2 ? 2 : 1,
    customerId: row.customerId,
    sameAsShipping: row.sameAsShipping,
    pid: row.pid,
  };
}

/** The columns an address form's fields (spec names) write; fields left out stay as they are. */
export function toAddressValues(input: Omit<TAddressPatch, 'AddressType'> & { AddressType?: 1 | 2 }) {
  const values: Partial<TAddressValues> = {};
  if (input.Address !== undefined) values.address = input.Address;
  if (input.Address2 !== undefined) values.address2 = input.Address2 || null;
  if (input.City !== undefined) values.city = input.City;
  if (input.State !== undefined) values.state = input.State;
  if (input.Zip !== undefined) values.zip = input.Zip;
  if (input.AddressType !== undefined) values.addressType = input.AddressType;
  if (input.customerId !== undefined) values.customerId = input.customerId;
  if (input.sameAsShipping !== undefined) values.sameAsShipping = input.sameAsShipping;
  return values;
}

export async function listAddresses(db: TDbOrTx, scope: TPlatformScope, query: TPagedQuery) {
  const page = toPageParts(ADDRESS_LIST, query);
  const where = and(pidFilter(addresses.pid, scope), page.where);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(addresses)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(db.select({ value: count() }).from(addresses).where(where)),
  ]);
  return { rows: rows.map(toAddress), count: total };
}

function byId(scope: TPlatformScope, id: number): SQL | undefined {
  return and(eq(addresses.id, id), pidFilter(addresses.pid, scope));
}

/** One address inside the scope; `forUpdate` locks its row until the transaction ends. */
export async function findAddress(db: TDbOrTx, scope: TPlatformScope, id: number, forUpdate = false) {
  const query = db.select().from(addresses).where(byId(scope, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? toAddress(row) : null;
}

/** The platform of a customer inside the scope; null when there is no such customer there. */
export async function findCustomerPlatform(db: TDbOrTx, scope: TPlatformScope, customerId: number) {
  const [row] = await db
    .select({ pid: customers.pid })
    .from(customers)
    .where(and(eq(customers.id, customerId), pidFilter(customers.pid, scope)))
    .limit(1);
  return row?.pid ?? null;
}

export async function insertAddress(db: TDbOrTx, values: TAddressValues & { pid: string }): Promise<TAddress> {
  const [row] = await db.insert(addresses).values(values).returning();
  return toAddress(row!);
}

export async function updateAddressRow(
  db: TDbOrTx,
  scope: TPlatformScope,
  id: number,
  patch: Partial<TAddressValues>,
  expectedVersion?: number,
): Promise<TAddress | null> {
  const [row] = await db
    .update(addresses)
    .set({ ...patch, version: nextVersion(addresses.version), updatedAt: sql`now()` })
    .where(and(byId(scope, id), atVersion(addresses.version, expectedVersion)))
    .returning();
  return row ? toAddress(row) : null;
}

/** Deletes an address inside the scope, answering it as it was; null when there is none. */
export async function deleteAddressRow(db: TDbOrTx, scope: TPlatformScope, id: number): Promise<TAddress | null> {
  const [row] = await db.delete(addresses).where(byId(scope, id)).returning();
  return row ? toAddress(row) : null;
}
