import type { TPagedQuery } from '@cpq/contracts';
import { and, asc, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './app-error';

type TDirection = 'ASC' | 'DESC';

/**
 * How one list may be paged: the fields a caller may sort by (API name -> column or expression), the columns a
 * search looks in, the order when the caller gives none, and a unique column that breaks ties so that pages never
 * overlap or skip rows.
 */
export type TPagedListSpec = {
  sortable: Readonly<Record<string, AnyPgColumn | SQL>>;
  searchable: readonly (AnyPgColumn | SQL)[];
  defaultOrder: readonly (readonly [field: string, direction: TDirection])[];
  tieBreaker: AnyPgColumn;
};

/** What a repository needs to run the page: spread `orderBy`, pass `where` to both the rows and the count. */
export type TPageParts = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

/** Escapes LIKE wildcards so a search for `50%_off` looks for exactly that text. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Each whitespace-separated search word must appear, case-insensitively, in at least one searchable column:
 * 'ada admin' finds first name Ada with last name Admin.
 */
function searchFilter(spec: TPagedListSpec, search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0 || spec.searchable.length === 0) return undefined;
  return and(...words.map((word) => or(...spec.searchable.map((column) => ilike(column, `%${escapeLike(word)}%`)))));
}

function orderTerm(spec: TPagedListSpec, field: string, direction: TDirection): SQL {
  const column = spec.sortable[field];
  if (!column || !Object.hasOwn(spec.sortable, field)) {
    const allowed = Object.keys(spec.sortable).join(', ');
    const message = `Cannot sort by "${field}". Sort by one of: ${allowed}.`;
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'order.0', message }]);
  }
  return direction === 'DESC' ? desc(column) : asc(column);
}

/**
 * Turns the spec's paged-list query (`limit`, `offset`, `order`, `search`) into Drizzle parts, refusing sort
 * fields outside the whitelist with a 400. `attributes` is not applied here: a list answers whole rows.
 *
 * @example
 * const page = toPageParts(USER_LIST, query);
 * const where = and(pidFilter(users.pid, scope), page.where);
 * const rows = await db.select().from(users).where(where).orderBy(...page.orderBy).limit(page.limit).offset(page.offset);
 * const count = await countRows(db.select({ value: count() }).from(users).where(where));
 */
export function toPageParts(spec: TPagedListSpec, query: Pick<TPagedQuery, 'limit' | 'offset' | 'order' | 'search'>) {
  const requested = query.order ? [query.order] : spec.defaultOrder;
  const orderBy = requested.map(([field, direction]) => orderTerm(spec, field, direction));
  orderBy.push(asc(spec.tieBreaker));
  return {
    where: searchFilter(spec, query.search),
    orderBy,
    limit: query.limit,
    offset: query.offset,
  } satisfies TPageParts;
}

/** Reads the single `count(*)` row of a count query (PostgreSQL answers bigint counts as strings). */
export async function countRows(query: PromiseLike<{ value: number | string }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.value ?? 0);
}
