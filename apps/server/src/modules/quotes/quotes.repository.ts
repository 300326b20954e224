import {
  canSeeMargin,
  discountOf,
  isMoneyInRange,
  MAX_QUOTE_LINES,
  MSG,
  percentText,
  QUOTE_TYPE,
  type TDetailItem,
  type TQuote,
  type TQuoteContact,
  type TQuoteLine,
  type TQuoteSummary,
  toDecimal,
  unitPrice,
} from '@cpq/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { addresses, customers, products, quoteLines, quotes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { atVersion, conflict, nextVersion } from '../../lib/versioning';
import { toAddress } from '../addresses/addresses.repository';
import { findStatusName } from '../status-types/status-types.repository';
import { requestFieldsOf } from './quote-requests.repository';

import type { TQuoteInsert, TQuoteLineInsert, TQuoteLineRow, TQuoteRow } from './quote-rows';

// The row types live apart so that the policy and the request fields can name them without importing queries.
export type { TQuoteInsert, TQuoteLineInsert, TQuoteLineRow, TQuoteRow } from './quote-rows';

const quoteTypeOf = (type: number): TQuote['type'] => (type === 2 ? 2 : type === 3 ? 3 : 1);

export function toQuoteLine(row: TQuoteLineRow): TQuoteLine {
  return {
    id: row.id,
    _id: row.guid,
    configurationId: row.configurationId,
    headerId: row.headerId,
    imgUrl: row.imgUrl,
    price: row.price,
    salesPrice: row.salesPrice,
    discountPercent: percentText(row.discountPercent),
    listPrice: row.listPrice,
    priceListPrice: row.priceListPrice,
    quantity: row.quantity,
    productId: row.productId,
    quoteId: row.quoteId,
    description: row.description,
    partNumber: row.partNumber,
    productName: row.productName,
    CfgPartNumber: row.cfgPartNumber,
    LineDescription: row.lineDescription,
    username: row.username,
    quoteCreated: row.quoteCreated === '0' ? '0' : '1',
    Details: row.details as TDetailItem[],
    companyId: row.companyId,
    PricingDocLink: row.pricingDocLink,
    isNonConfigurable: row.isNonConfigurable,
    rmaCreated: row.rmaCreated,
    version: row.version,
    optional: row.optional,
    selected: row.selected,
  };
}

/**
 * The quote's scalar fields in the API's names (a list row), with its status type's name and, for a quote request,
 * its owner (who decides whether it is taken); `loadQuote` adds contact, addresses and lines.
 */
export function toQuoteSummary(row: TQuoteRow, statusName: string | null): TQuoteSummary {
  return {
    id: row.id,
    _id: row.guid,
    name: row.name,
    type: quoteTypeOf(row.type),
    version: row.version,
    pid: row.pid,
    companyId: row.companyId,
    sfQuoteNumber: row.sfQuoteNumber,
    salesforceQuoteId: row.salesforceQuoteId,
    salesforceOpportunityId: row.salesforceOpportunityId,
    statusTypeId: row.statusTypeId,
    statusName,
    createdByEmail: row.createdByEmail,
    createdByUserId: row.createdByUserId,
    createdDate: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    dateOrderPlaced: row.dateOrderPlaced?.toISOString() ?? null,
    integration: row.integration,
    sfCustomer: row.sfCustomer,
    sfUserId: row.sfUserId,
    sfUserAlias: row.sfUserAlias,
    sfRepCode: row.sfRepCode,
    sfDivisionCode: row.sfDivisionCode,
    sfTerritoryCode: row.sfTerritoryCode,
    sfRegionCode: row.sfRegionCode,
    csiCustomerNumber: row.csiCustomerNumber,
    csiStatus: row.csiStatus,
    erpId: row.erpId,
    erpOrderNo: row.erpOrderNo,
    contactId: row.contactId,
    notes: row.notes,
    lineCount: row.lineCount,
    totalCost: row.totalCost,
    discountPercent: percentText(row.discountPercent),
    poNumber: row.poNumber,
    quoteGenConfigId: row.quoteGenConfigId,
    quoteGenHeaderId: row.quoteGenHeaderId,
    soWriteUpConfigId: row.soWriteUpConfigId,
    soWriteUpDocLink: row.soWriteUpDocLink,
    currentPrintedDocument: row.currentPrintedDocument,
    swiftsellQuoteId: row.swiftsellQuoteId,
    isLocked: row.isLocked,
    rmaCreated: row.rmaCreated,
    sameAsBilling: row.sameAsBilling,
    shippingAddressId: row.shippingAddressId,
    firstName: row.firstName,
    lastName: row.lastName,
    ...requestFieldsOf(row),
  };
}

/** One quote by id (any platform: the service checks access); `forUpdate` locks it until the transaction ends. */
export async function findQuoteRow(db: TDbOrTx, id: number, forUpdate = false): Promise<TQuoteRow | null> {
  const query = db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findQuoteByGuid(db: TDbOrTx, guid: string): Promise<TQuoteRow | null> {
  const [row] = await db.select().from(quotes).where(eq(quotes.guid, guid)).limit(1);
  return row ?? null;
}

/** Inserts a quote unless its `guid` exists already; null when it did. A quote request records its owner as who asked. */
export async function insertQuoteOnce(db: TDbOrTx, values: TQuoteInsert): Promise<TQuoteRow | null> {
  const requester =
    values.type === QUOTE_TYPE.QuoteRequest
      ? { requestedByUserId: values.createdByUserId, requestedByEmail: values.createdByEmail }
      : {};
  const [row] = await db
    .insert(quotes)
    .values({ ...values, ...requester })
    .onConflictDoNothing({ target: quotes.guid })
    .returning();
  return row ?? null;
}

/** The quote's own contact, or null when it has none (no customer chosen and no contact field filled in). */
function contactOf(row: TQuoteRow): TQuoteContact | null {
  const contact = {
    id: row.contactId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    altPhone: row.altPhone,
    companyName: row.companyName,
  };
  return Object.values(contact).every((value) => value === null) ? null : contact;
}

/** Unit costs of products (those without one are left out). */
async function findProductCosts(db: TDbOrTx, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, cost: products.cost })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.flatMap((product) => (product.cost === null ? [] : [[product.id, product.cost] as const])));
}

/** Who reads a quote, as far as cost and margin go (`canSeeMargin`). */
export type TMarginViewer = { roleLevel: number; showsMargin?: boolean | undefined };

/**
 * The lines with their products' unit costs (null when a product has none) for a viewer who may see cost and
 * margin; for anyone else as they are, without cost.
 */
export async function withLineCosts(db: TDbOrTx, viewer: TMarginViewer | undefined, lines: TQuoteLine[]) {
  if (!viewer || !canSeeMargin(viewer)) return lines;
  const ids = [...new Set(lines.flatMap((line) => (line.productId === null ? [] : [line.productId])))];
  const costs = await findProductCosts(db, ids);
  return lines.map((line) => ({ ...line, cost: (line.productId === null ? null : costs.get(line.productId)) ?? null }));
}

/**
 * The quote with its contact, addresses and lines, as the API answers it; the lines carry their costs when `viewer`
 * may see cost and margin (withLineCosts), never otherwise.
 */
export async function loadQuote(db: TDbOrTx, row: TQuoteRow, viewer?: TMarginViewer): Promise<TQuote> {
  const addressIds = [row.billingAddressId, row.shippingAddressId].filter((id): id is number => id !== null);
  const [lines, addressRows, statusName] = await Promise.all([
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, row.id)).orderBy(asc(quoteLines.id)),
    addressIds.length > 0
      ? db
          .select()
          .from(addresses)
          .where(and(inArray(addresses.id, addressIds), eq(addresses.pid, row.pid)))
      : Promise.resolve([]),
    findStatusName(db, row.statusTypeId),
  ]);
  const addressOf = (id: number | null) => {
    const found = addressRows.find((address) => address.id === id);
    return found ? toAddress(found) : null;
  };
  return {
    ...toQuoteSummary(row, statusName),
    billingAddress: addressOf(row.billingAddressId),
    shippingAddress: addressOf(row.shippingAddressId),
    contact: contactOf(row),
    lines: await withLineCosts(db, viewer, lines.map(toQuoteLine)),
  };
}

/** One line by id (any quote: the service checks access through its quote). */
export async function findLineRow(db: TDbOrTx, id: number): Promise<TQuoteLineRow | null> {
  const [row] = await db.select().from(quoteLines).where(eq(quoteLines.id, id)).limit(1);
  return row ?? null;
}

export async function findLineByGuid(db: TDbOrTx, guid: string): Promise<TQuoteLineRow | null> {
  const [row] = await db.select().from(quoteLines).where(eq(quoteLines.guid, guid)).limit(1);
  return row ?? null;
}

/** A line of a given quote; null when the line is not (or no longer) on it. */
export async function findLineOfQuote(db: TDbOrTx, quoteId: number, lineId: number): Promise<TQuoteLineRow | null> {
  const [row] = await db
    .select()
    .from(quoteLines)
    .where(and(eq(quoteLines.id, lineId), eq(quoteLines.quoteId, quoteId)))
    .limit(1);
  return row ?? null;
}

/** All lines of a quote, in the order they were added. */
export function listQuoteLines(db: TDbOrTx, quoteId: number): Promise<TQuoteLineRow[]> {
  return db.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)).orderBy(quoteLines.id);
}

/** Which of the named lines are on the quote (any order). */
export function findLinesOfQuote(db: TDbOrTx, quoteId: number, ids: number[]): Promise<TQuoteLineRow[]> {
  return db
    .select()
    .from(quoteLines)
    .where(and(eq(quoteLines.quoteId, quoteId), inArray(quoteLines.id, ids)));
}

export async function insertLine(db: TDbOrTx, values: TQuoteLineInsert): Promise<TQuoteLineRow> {
  const [row] = await db.insert(quoteLines).values(values).returning();
  if (!row) throw new Error('Quote line insert returned no row');
  return row;
}

/**
 * Changes a line and raises its version. With `expected`, only at that version (the caller's read): otherwise
 * MSG.conflict, so of concurrent writers at one line version exactly one wins.
 */
export async function updateLineRow(
  db: TDbOrTx,
  id: number,
  patch: Partial<TQuoteLineInsert>,
  expected?: number,
): Promise<TQuoteLineRow> {
  const [row] = await db
    .update(quoteLines)
    .set({ ...patch, version: nextVersion(quoteLines.version) })
    .where(and(eq(quoteLines.id, id), atVersion(quoteLines.version, expected)))
    .returning();
  if (!row && expected !== undefined) throw conflict();
  if (!row) throw new Error(`Quote line ${id} vanished inside its transaction`);
  return row;
}

/** Rows per statement of setLinePrices: well inside PostgreSQL's limit of bound parameters. */
const PRICE_BATCH = 1000;

/**
 * Sets the unit price (with its list and price-list prices) of many lines of a quote, a statement per thousand lines, raising each line's version; a sales
 * price already set (the pricing step's) follows the price. Answers the lines as they now are.
 */
export async function setLinePrices(
  db: TDbOrTx,
  quoteId: number,
  prices: readonly { id: number; price: string; listPrice: string; priceListPrice: string | null }[],
): Promise<TQuoteLineRow[]> {
  const updated: TQuoteLineRow[] = [];
  for (let start = 0; start < prices.length; start += PRICE_BATCH) {
    const batch = prices.slice(start, start + PRICE_BATCH);
    const values = sql.join(
      batch.map(
        (line) =>
          sql`(${line.id}::integer, ${line.price}::numeric, ${line.listPrice}::numeric, ${line.priceListPrice}::numeric)`,
      ),
      sql`, `,
    );
    const rows = await db
      .update(quoteLines)
      .set({
        price: sql`new_prices.price`,
        listPrice: sql`new_prices.list_price`,
        priceListPrice: sql`new_prices.price_list_price`,
        salesPrice: sql`case when ${quoteLines.salesPrice} is null then null else new_prices.price end`,
        version: nextVersion(quoteLines.version),
      })
      .from(sql`(values ${values}) as new_prices (id, price, list_price, price_list_price)`)
      .where(and(eq(quoteLines.quoteId, quoteId), sql`${quoteLines.id} = new_prices.id`))
      .returning();
    updated.push(...(rows as TQuoteLineRow[]));
  }
  return updated;
}

/**
 * Derives the quote's total and line count from its lines and bumps its version; run in the transaction that wrote
 * the lines, with the quote row locked. The total follows the price waterfall's rule (`quoteWaterfall`: each unit
 * price held to cents, times the quantity, less the line discount held to cents, summed over the selected lines,
 * less the quote discount held to cents; the line count is every line), the lines summed by the database so that a
 * 1,000-line quote is not read back
 * (a property test holds the two equal). A total past MONEY_MAX is refused (400 naming `field`, the input that
 * caused it), and so is a quote growing past MAX_QUOTE_LINES (400 on `lines`); the transaction rolls back. Counted
 * after the insert, under the caller's lock, two adds racing for the last place cannot both have it.
 */
export async function recomputeQuoteTotals(db: TDbOrTx, quoteId: number, field: string): Promise<TQuoteRow> {
  const [totals] = await db
    .select({
      // round(numeric, 2) is half away from zero, as unitPrice; the sum is numeric of any size, checked below.
      // Only chosen lines count: an optional line the customer left out stays on the quote, outside its total.
      // Each line after its discount is held to cents once (price-waterfall.ts); `* 0.01` keeps it exact.
      subtotal: sql<string>`coalesce(sum(round(round(${quoteLines.price}, 2) * ${quoteLines.quantity} * (100 - ${quoteLines.discountPercent}) * 0.01, 2)) filter (where ${quoteLines.selected}), 0)`,
      lines: count(),
    })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId));
  const [quote] = await db
    .select({ discountPercent: quotes.discountPercent })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  const subtotal = totals?.subtotal ?? '0';
  const total = unitPrice(toDecimal(subtotal).minus(discountOf(subtotal, quote?.discountPercent)));
  const lineCount = Number(totals?.lines ?? 0);
  if (lineCount > MAX_QUOTE_LINES) {
    // Only growth is refused: a quote already past the cap (stored before it) may still lose or change lines.
    const [before] = await db.select({ lineCount: quotes.lineCount }).from(quotes).where(eq(quotes.id, quoteId));
    if (lineCount > (before?.lineCount ?? 0)) {
      throw new AppError('VALIDATION_FAILED', MSG.quoteLinesFull, [{ path: 'lines', message: MSG.quoteLinesFull }]);
    }
  }
  if (!isMoneyInRange(total)) {
    throw new AppError('VALIDATION_FAILED', MSG.quoteTotalTooLarge, [{ path: field, message: MSG.quoteTotalTooLarge }]);
  }
  const [row] = await db
    .update(quotes)
    .set({
      totalCost: total,
      lineCount,
      version: sql`${quotes.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(quotes.id, quoteId))
    .returning();
  if (!row) throw new Error(`Quote ${quoteId} vanished inside its transaction`);
  return row;
}

/** Each line's id and whether it is optional and chosen: what choosing lines checks, without the lines' content. */
export async function findLineChoices(db: TDbOrTx, quoteId: number) {
  return db
    .select({ id: quoteLines.id, optional: quoteLines.optional, selected: quoteLines.selected })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId));
}

/** Sets whether lines of a quote are chosen, raising each changed line's version. */
export async function setLinesSelected(db: TDbOrTx, quoteId: number, ids: number[], selected: boolean): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(quoteLines)
    .set({ selected, version: nextVersion(quoteLines.version) })
    .where(and(eq(quoteLines.quoteId, quoteId), inArray(quoteLines.id, ids)));
}

/** Whether the quote's customer has dealer pricing (false without a customer). */
export async function isDealerQuote(db: TDbOrTx, quoteId: number): Promise<boolean> {
  const [row] = await db
    .select({ isDealer: customers.isDealer })
    .from(quotes)
    .innerJoin(customers, eq(customers.id, quotes.contactId))
    .where(eq(quotes.id, quoteId));
  return row?.isDealer ?? false;
}

/** Whether configurations on this quote get dealer prices (its customer's); without a quote, list prices. */
export const dealerPricingOf = (db: TDbOrTx, quoteId: number | null): Promise<boolean> =>
  quoteId === null ? Promise.resolve(false) : isDealerQuote(db, quoteId);
