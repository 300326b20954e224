import {
  DEFAULT_CURRENCY,
  isCurrency,
  type TPagedQuery,
  type TPriceEntryKind,
  type TPriceList,
  type TPriceListEntry,
  type TPriceListEntryView,
} from '@cpq/contracts';
import { and, asc, count, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { customers, priceListEntries, priceLists, productModels, products } from '../../db/schema';
import { countRows, type TPagedListSpec, toPageParts } from '../../lib/paged-query';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';
import { atVersion, nextVersion } from '../../lib/versioning';
import type { TAppliedPriceList } from './price-list-pricing';

type TPriceListRow = typeof priceLists.$inferSelect;

/** The columns the price list form writes, besides its entries. */
export type TPriceListValues = Pick<TPriceListRow, 'name' | 'currency' | 'validFrom' | 'validTo'>;

const PRICE_LIST_LIST: TPagedListSpec = {
  sortable: {
    id: priceLists.id,
    name: priceLists.name,
    currency: priceLists.currency,
    validFrom: priceLists.validFrom,
    validTo: priceLists.validTo,
    pid: priceLists.pid,
    createdAt: priceLists.createdAt,
  },
  searchable: [priceLists.name],
  defaultOrder: [['name', 'ASC']],
  tieBreaker: priceLists.id,
};

// A product's own tiers are stored with '' for option and value, so that the tiers' unique index holds for them.
const toEntry = (row: typeof priceListEntries.$inferSelect): TPriceListEntry => ({
  productId: row.productId,
  optionId: row.optionId === '' ? null : row.optionId,
  valueId: row.valueId === '' ? null : row.valueId,
  fromQuantity: row.fromQuantity,
  kind: row.kind as TPriceEntryKind,
  value: row.value,
});

/** The lists' entries (by product, then tier) and customer counts, in two queries for a whole page. */
async function withDetails(db: TDbOrTx, rows: TPriceListRow[]): Promise<TPriceList[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [entries, uses] = await Promise.all([
    db
      .select({ entry: priceListEntries, productNumber: products.productNumber, productName: products.name })
      .from(priceListEntries)
      .innerJoin(products, eq(products.id, priceListEntries.productId))
      .where(inArray(priceListEntries.priceListId, ids))
      .orderBy(
        asc(priceListEntries.productId),
        asc(priceListEntries.optionId),
        asc(priceListEntries.valueId),
        asc(priceListEntries.fromQuantity),
      ),
    db
      .select({ priceListId: customers.priceListId, value: count() })
      .from(customers)
      .where(inArray(customers.priceListId, ids))
      .groupBy(customers.priceListId),
  ]);
  const entriesOf = new Map<number, TPriceListEntryView[]>();
  for (const { entry, productNumber, productName } of entries) {
    const list = entriesOf.get(entry.priceListId) ?? [];
    list.push({ ...toEntry(entry), productNumber, productName });
    entriesOf.set(entry.priceListId, list);
  }
  const usesOf = new Map(uses.map((use) => [use.priceListId, Number(use.value)]));
  return rows.map((row) => ({
    version: row.version,
    id: row.id,
    name: row.name,
    currency: row.currency as TPriceList['currency'],
    validFrom: row.validFrom,
    validTo: row.validTo,
    pid: row.pid,
    entries: entriesOf.get(row.id) ?? [],
    customerCount: usesOf.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listPriceLists(db: TDbOrTx, scope: TPlatformScope, query: TPagedQuery) {
  const page = toPageParts(PRICE_LIST_LIST, query);
  const where = and(pidFilter(priceLists.pid, scope), page.where);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(priceLists)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(db.select({ value: count() }).from(priceLists).where(where)),
  ]);
  return { rows: await withDetails(db, rows), count: total };
}

const byId = (scope: TPlatformScope, id: number): SQL | undefined =>
  and(eq(priceLists.id, id), pidFilter(priceLists.pid, scope));

/** One price list inside the scope with its entries; `forUpdate` locks its row until the transaction ends. */
export async function findPriceList(
  db: TDbOrTx,
  scope: TPlatformScope,
  id: number,
  forUpdate = false,
): Promise<TPriceList | null> {
  const query = db.select().from(priceLists).where(byId(scope, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? ((await withDetails(db, [row]))[0] ?? null) : null;
}

/**
 * Whether a price list of platform `pid` has this id (what a customer may be assigned). Its row is held (key share)
 * until the transaction ends, so a delete of the list waits and then counts the customer, or goes first.
 */
export async function isPriceListOf(db: TDbOrTx, pid: string, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: priceLists.id })
    .from(priceLists)
    .where(and(eq(priceLists.id, id), eq(priceLists.pid, pid)))
    .for('key share');
  return row !== undefined;
}

export async function insertPriceList(db: TDbOrTx, values: TPriceListValues & { pid: string }): Promise<number> {
  const [row] = await db.insert(priceLists).values(values).returning({ id: priceLists.id });
  return row!.id;
}

export async function updatePriceListRow(
  db: TDbOrTx,
  scope: TPlatformScope,
  id: number,
  patch: Partial<TPriceListValues>,
  expectedVersion: number,
): Promise<boolean> {
  const rows = await db
    .update(priceLists)
    .set({ ...patch, version: nextVersion(priceLists.version), updatedAt: sql`now()` })
    .where(and(byId(scope, id), atVersion(priceLists.version, expectedVersion)))
    .returning({ id: priceLists.id });
  return rows.length === 1;
}

/** Replaces a list's entries whole. */
export async function replaceEntries(db: TDbOrTx, priceListId: number, entries: TPriceListEntry[]): Promise<void> {
  await db.delete(priceListEntries).where(eq(priceListEntries.priceListId, priceListId));
  if (entries.length === 0) return;
  await db
    .insert(priceListEntries)
    .values(
      entries.map((entry) => ({ ...entry, optionId: entry.optionId ?? '', valueId: entry.valueId ?? '', priceListId })),
    );
}

export async function deletePriceListRow(db: TDbOrTx, scope: TPlatformScope, id: number): Promise<boolean> {
  const rows = await db.delete(priceLists).where(byId(scope, id)).returning({ id: priceLists.id });
  return rows.length === 1;
}

/** How many customers are assigned the list. */
export async function countCustomersOf(db: TDbOrTx, priceListId: number): Promise<number> {
  return countRows(db.select({ value: count() }).from(customers).where(eq(customers.priceListId, priceListId)));
}

/** Of the given products, those of platform `pid`, with whether each is fixed-price and its current model. */
export async function productsOfPlatform(db: TDbOrTx, pid: string, ids: number[]) {
  if (ids.length === 0) return new Map<number, { isNonConfigurable: boolean; modelId: number | null }>();
  const rows = await db
    .select({ id: products.id, isNonConfigurable: products.isNonConfigurable, modelId: products.modelId })
    .from(products)
    .where(and(eq(products.pid, pid), inArray(products.id, ids)));
  return new Map(rows.map((row) => [row.id, { isNonConfigurable: row.isNonConfigurable, modelId: row.modelId }]));
}

/** A product of the scope with its current model's JSON (null without one); null when the scope has no such product. */
export async function findProductModel(db: TDbOrTx, scope: TPlatformScope, productId: number) {
  const [row] = await db
    .select({ pid: products.pid, isNonConfigurable: products.isNonConfigurable, model: productModels.model })
    .from(products)
    .leftJoin(productModels, eq(productModels.id, products.modelId))
    .where(and(eq(products.id, productId), pidFilter(products.pid, scope)))
    .limit(1);
  return row ?? null;
}

/** The JSON of model versions by id. */
export async function findModelsById(db: TDbOrTx, ids: number[]): Promise<Map<number, unknown>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productModels.id, model: productModels.model })
    .from(productModels)
    .where(inArray(productModels.id, ids));
  return new Map(rows.map((row) => [row.id, row.model]));
}

/**
 * The price list assigned to a customer when it is valid on `day` (YYYY-MM-DD): its name, currency and entries (of the given
 * products only, when named), or null when the customer has none or it is not valid that day.
 */
export async function findCustomerPriceList(
  db: TDbOrTx,
  customerId: number,
  day: string,
  productIds?: number[],
): Promise<TAppliedPriceList | null> {
  const [list] = await db
    .select({ id: priceLists.id, name: priceLists.name, currency: priceLists.currency })
    .from(customers)
    .innerJoin(priceLists, eq(priceLists.id, customers.priceListId))
    .where(
      and(
        eq(customers.id, customerId),
        or(isNull(priceLists.validFrom), lte(priceLists.validFrom, day)),
        or(isNull(priceLists.validTo), gte(priceLists.validTo, day)),
      ),
    );
  if (!list) return null;
  const currency = isCurrency(list.currency) ? list.currency : DEFAULT_CURRENCY;
  if (productIds?.length === 0) return { name: list.name, currency, entries: [] };
  const ofProducts = productIds === undefined ? undefined : inArray(priceListEntries.productId, productIds);
  const entries = await db
    .select()
    .from(priceListEntries)
    .where(and(eq(priceListEntries.priceListId, list.id), ofProducts))
    .orderBy(asc(priceListEntries.productId), asc(priceListEntries.fromQuantity));
  return { name: list.name, currency, entries: entries.map(toEntry) };
}
