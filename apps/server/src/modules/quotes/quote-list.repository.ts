import type { TPagedQuery, TQuoteLine, TQuoteListRow, TQuoteSummary } from '@cpq/contracts';
import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { quoteLines, quoteSearchText, quotes, statusTypes } from '../../db/schema';
import { countRows, type TPagedListSpec, toPageParts } from '../../lib/paged-query';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';
import { toQuoteLine, toQuoteSummary } from './quotes.repository';

const QUOTE_LIST: TPagedListSpec = {
  sortable: {
    id: quotes.id,
    statusTypeId: quotes.statusTypeId,
    customer: sql`(coalesce(${quotes.firstName}, '') || ' ' || coalesce(${quotes.lastName}, ''))`,
    name: quotes.name,
    createdDate: quotes.createdAt,
    createdAt: quotes.createdAt,
    totalCost: quotes.totalCost,
    dateOrderPlaced: quotes.dateOrderPlaced,
    sfQuoteNumber: quotes.sfQuoteNumber,
    createdByEmail: quotes.createdByEmail,
  },
  // One expression over '#id', project and customer name, so that the trigram index quotes_search_trgm_idx serves it.
  searchable: [quoteSearchText(quotes)],
  defaultOrder: [['createdDate', 'DESC']],
  tieBreaker: quotes.id,
};

/**
 * Which quotes a list covers: the scope's platform(s), optionally one owner (or, with `orRequested`, the quote
 * requests that user asked for, which a rep may own now) and some types.
 */
export type TQuoteListFilter = {
  scope: TPlatformScope;
  ownerId?: number;
  orRequested?: boolean;
  types?: readonly number[];
};

function filterTerm(filter: TQuoteListFilter): SQL | undefined {
  const { types } = filter;
  return and(
    pidFilter(quotes.pid, filter.scope),
    filter.ownerId === undefined
      ? undefined
      : filter.orRequested
        ? or(eq(quotes.createdByUserId, filter.ownerId), eq(quotes.requestedByUserId, filter.ownerId))
        : eq(quotes.createdByUserId, filter.ownerId),
    types === undefined
      ? undefined
      : types.length === 1
        ? eq(quotes.type, types[0]!)
        : inArray(quotes.type, [...types]),
  );
}

/** A page of quotes as list rows and the count of all that match. */
export async function listQuotes(db: TDbOrTx, filter: TQuoteListFilter, query: TPagedQuery) {
  const page = toPageParts(QUOTE_LIST, query);
  const where = and(filterTerm(filter), page.where);
  // Deferred join: the page's ids come from an index alone (no table reads for the rows an offset skips), then only
  // those rows are read, so a deep page costs little more than the first.
  const pageIds = db
    .select({ id: quotes.id })
    .from(quotes)
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const [rows, total] = await Promise.all([
    db
      .select({ quote: quotes, statusName: statusTypes.name })
      .from(quotes)
      .leftJoin(statusTypes, eq(statusTypes.id, quotes.statusTypeId))
      .where(inArray(quotes.id, pageIds))
      .orderBy(...page.orderBy),
    countRows(db.select({ value: count() }).from(quotes).where(where)),
  ]);
  return { rows: rows.map((row) => toQuoteSummary(row.quote, row.statusName)), count: total };
}

/** Narrows list rows to the requested attributes (id always stays, so rows can be keyed and opened). */
export function pickAttributes(
  rows: TQuoteSummary[],
  attributes: readonly (keyof TQuoteSummary)[] | undefined,
): TQuoteListRow[] {
  if (attributes === undefined) return rows;
  const keys = new Set<keyof TQuoteSummary>(['id', ...attributes]);
  return rows.map((row) => Object.fromEntries([...keys].map((key) => [key, row[key]])) as TQuoteListRow);
}

const LINE_LIST: TPagedListSpec = {
  sortable: {
    id: quoteLines.id,
    partNumber: quoteLines.partNumber,
    productName: quoteLines.productName,
    description: quoteLines.description,
    quantity: quoteLines.quantity,
    price: quoteLines.price,
    createdAt: quoteLines.createdAt,
  },
  searchable: [quoteLines.partNumber, quoteLines.productName, quoteLines.description],
  defaultOrder: [['id', 'ASC']],
  tieBreaker: quoteLines.id,
};

/** A page of one quote's lines (optionally only those a user added) and the count of all that match. */
export async function listLines(
  db: TDbOrTx,
  quoteId: number,
  username: string | undefined,
  query: TPagedQuery,
): Promise<{ rows: TQuoteLine[]; count: number }> {
  const page = toPageParts(LINE_LIST, query);
  const where = and(
    eq(quoteLines.quoteId, quoteId),
    username === undefined ? undefined : eq(quoteLines.username, username),
    page.where,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(quoteLines)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(db.select({ value: count() }).from(quoteLines).where(where)),
  ]);
  return { rows: rows.map(toQuoteLine), count: total };
}
