import type { TPagedQuery, TProductView } from '@cpq/contracts';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { countRows, type TPagedListSpec, toPageParts } from '../../lib/paged-query';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';
import { atVersion, nextVersion } from '../../lib/versioning';

type TProductRow = typeof products.$inferSelect;
/** The columns the product form writes. */
export type TProductValues = Omit<TProductRow, 'id' | 'pid' | 'version' | 'createdAt' | 'updatedAt'>;
export type TProductFilter = { showInCatalog?: boolean; isQuickConfig?: boolean; isNonConfigurable?: boolean };

/** Part number per platform; a second product with the same one is refused with a clear message. */
export const PRODUCT_NUMBER_UNIQUE = 'products_pid_number_idx';

const PRODUCT_LIST: TPagedListSpec = {
  sortable: {
    ID: products.id,
    id: products.id,
    Name: products.name,
    Description: products.description,
    ProductNumber: products.productNumber,
    defaultPrice: products.defaultPrice,
    quantityInStock: products.quantityInStock,
    isNonConfigurable: products.isNonConfigurable,
    isQuickConfig: products.isQuickConfig,
    showInCatalog: products.showInCatalog,
  },
  searchable: [products.productNumber, products.name, products.description],
  defaultOrder: [['ProductNumber', 'ASC']],
  tieBreaker: products.id,
};

/** The API's product, in the spec's field names. */
export function toProduct(row: TProductRow): TProductView {
  return {
    version: row.version,
    ID: row.id,
    Name: row.name,
    Description: row.description,
    ProductNumber: row.productNumber,
    ApplicationInstance: row.applicationInstance,
    ApplicationName: row.applicationName,
    HeaderId: row.headerId,
    Profile: row.profile,
    ImageUrl: row.imageUrl,
    Ruleset: row.ruleset,
    Namespace: row.namespace,
    Server: row.server,
    isNonConfigurable: row.isNonConfigurable,
    defaultPrice: row.defaultPrice,
    cost: row.cost,
    isQuickConfig: row.isQuickConfig,
    showInCatalog: row.showInCatalog,
    quantityInStock: row.quantityInStock,
    createdByEmail: row.createdByEmail,
    pid: row.pid,
    modelId: row.modelId,
  };
}

export async function listProducts(db: TDbOrTx, scope: TPlatformScope, filter: TProductFilter, query: TPagedQuery) {
  const page = toPageParts(PRODUCT_LIST, query);
  const where = and(
    pidFilter(products.pid, scope),
    filter.showInCatalog === undefined ? undefined : eq(products.showInCatalog, filter.showInCatalog),
    filter.isQuickConfig === undefined ? undefined : eq(products.isQuickConfig, filter.isQuickConfig),
    filter.isNonConfigurable === undefined ? undefined : eq(products.isNonConfigurable, filter.isNonConfigurable),
    page.where,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(db.select({ value: count() }).from(products).where(where)),
  ]);
  return { rows: rows.map(toProduct), count: total };
}

function byId(scope: TPlatformScope, id: number): SQL | undefined {
  return and(eq(products.id, id), pidFilter(products.pid, scope));
}

/** One product inside the scope; `forUpdate` locks its row until the transaction ends. */
export async function findProductRow(db: TDbOrTx, scope: TPlatformScope, id: number, forUpdate = false) {
  const query = db.select().from(products).where(byId(scope, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The default prices of products of platform `pid`, by id; a product gone or without a price is absent. */
export async function findProductPrices(db: TDbOrTx, pid: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, defaultPrice: products.defaultPrice })
    .from(products)
    .where(and(eq(products.pid, pid), inArray(products.id, ids)));
  return new Map(rows.flatMap((row) => (row.defaultPrice === null ? [] : [[row.id, row.defaultPrice] as const])));
}

export async function insertProduct(db: TDbOrTx, values: TProductValues & { pid: string }): Promise<TProductView> {
  const [row] = await db.insert(products).values(values).returning();
  return toProduct(row!);
}

export async function updateProductRow(
  db: TDbOrTx,
  scope: TPlatformScope,
  id: number,
  patch: Partial<TProductValues>,
  expectedVersion?: number,
): Promise<TProductView | null> {
  const [row] = await db
    .update(products)
    .set({ ...patch, version: nextVersion(products.version), updatedAt: sql`now()` })
    .where(and(byId(scope, id), atVersion(products.version, expectedVersion)))
    .returning();
  return row ? toProduct(row) : null;
}

export async function deleteProductRow(db: TDbOrTx, scope: TPlatformScope, id: number): Promise<boolean> {
  const rows = await db.delete(products).where(byId(scope, id)).returning({ id: products.id });
  return rows.length === 1;
}
